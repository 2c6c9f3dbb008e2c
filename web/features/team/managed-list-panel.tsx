// The frame of a team list that owners and admins manage and everyone else reads (incident types, custom fields):
// the heading and intro, the read-only note, the "add" button and its form, and the loading, error and empty states
// around the list itself.
import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../../components/page-loader';
import { LoadErrorAlert } from '../../components/load-error-alert';

export interface ManagedListTexts {
  heading: string;
  intro: string;
  readOnly: string;
  create: string;
  loadFailed: string;
  empty: string;
}

interface Props {
  /** The id of the heading, which names the section. */
  headingId: string;
  texts: ManagedListTexts;
  /** Shown once the reader's role is known and they may not edit. */
  readOnly: boolean;
  /** Whether the "add" button shows (an editor, with no new item's form open). */
  canCreate: boolean;
  onCreate: () => void;
  /** The new item's form, when open. */
  newForm: ReactNode;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loadingLabel: string;
  isEmpty: boolean;
  /** The list's items (`<li>`s). */
  children: ReactNode;
}

export function ManagedListPanel({
  headingId,
  texts,
  readOnly,
  canCreate,
  onCreate,
  newForm,
  query,
  loadingLabel,
  isEmpty,
  children,
}: Props) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3" id={headingId}>
              {texts.heading}
            </Title>
            <Text size="sm" c="dimmed">
              {texts.intro}
            </Text>
            {readOnly && (
              <Text size="sm" c="dimmed">
                {texts.readOnly}
              </Text>
            )}
          </div>
          {canCreate && <Button onClick={onCreate}>{texts.create}</Button>}
        </Group>
        {newForm}
        {query.isPending ? (
          <PageLoader label={loadingLabel} />
        ) : query.isError ? (
          <LoadErrorAlert
            title={texts.loadFailed}
            error={query.error}
            onRetry={() => void query.refetch()}
            retryLabel="Try again"
          />
        ) : isEmpty ? (
          <Text c="dimmed">{texts.empty}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {children}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
