// Incident detail (docs/product.md, the incident page and its timeline): a sticky header with the next step,
// click-to-edit fields, the timeline, follow-through, tags, actions and notes; read-only once closed, with 'Reopen for
// Edits' for owners and admins.
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { OopsDetail } from '../../../common/contracts/oops';
import { CUSTOM_FIELD_TEXTS } from '../../../common/domain/custom-field-texts';
import { MESSAGES } from '../../../common/domain/messages';
import { fieldLabel } from '../../../common/domain/oops-fields';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { RECURRENCE_TEXTS } from '../../../common/domain/recurrence-texts';
import { parseIdSlug } from '../../../common/domain/tags';
import { PageLoader } from '../../components/page-loader';
import { readToken } from '../../lib/session/token-storage';
import { useSession } from '../../lib/session/use-session';
import { toastError, toastSuccess } from '../../lib/toast';
import { ApiError, errorMessage } from '../../lib/transport';
import { useAfterFirstScreen } from '../../lib/use-after-first-screen';
import { usePageTitle } from '../../lib/use-page-title';
import { oopsDetailQueryOptions, useOopsDetail } from './api/get-oops-detail';
import type { ReadAhead } from '../../lib/api/read-ahead';
import { teamCustomFieldsQuery, useTeamCustomFields } from '../../lib/custom-fields';
import { departmentsQueryOptions, useDepartments } from '../../lib/api/departments';
import { teamTypesQuery } from '../../lib/incident-types';
import { useUpdateOops } from './api/update-oops';
import { CompletenessBar } from './completeness-bar';
import { CustomFieldsSection, customValuesOf, shownCustomFields } from './custom-fields-section';
import { ActionsSection, actionsQueryOptions } from '../actions';
import { DetailBanner, DetailMeta, DetailToolbar } from './detail-header';
import { ResolutionPanel } from './resolve-button';
import { IncidentHeader } from './incident-header';
import { NotSignedInWarning, OopsErrorView, OopsNotFoundView } from './detail-views';
import { EditableField } from './editable-field';
import { FIELD_CONFIG, inlineFieldsIn, type InlineFieldName } from './field-config';
import { FollowThroughPanel } from './follow-through-panel';
import classes from './detail.module.css';
import { AddNoteForm, NotesList } from './notes-section';
import { DespiteActionBadge, RelatedSection, relatedQueryOptions } from '../links';
import { TimelineSection } from './timeline-section';
import { useFieldSaver, type BatchValues } from './use-field-saver';

// Short fields of the impact section sit in a grid; long text takes the full width below it.
const IMPACT_SHORT = inlineFieldsIn('impact').filter((name) => FIELD_CONFIG[name].editor !== 'multiline');
const IMPACT_LONG = inlineFieldsIn('impact').filter((name) => FIELD_CONFIG[name].editor === 'multiline');

/**
 * Asks for what the view reads besides the incident together with the incident, not once the view has mounted: each
 * answer arriving after the mount renders the whole view again, a long task on a phone.
 */
function readAroundIncident(queryClient: QueryClient, id: number) {
  return Promise.all([
    queryClient.prefetchQuery(departmentsQueryOptions()),
    queryClient.prefetchQuery(teamCustomFieldsQuery()),
    queryClient.prefetchQuery(teamTypesQuery()),
    queryClient.prefetchQuery(actionsQueryOptions(id)),
    queryClient.prefetchQuery(relatedQueryOptions(id)),
  ]);
}

/** The page's reads as the app starts on it (its route's read-ahead, web/app/read-ahead.ts). */
export const readIncidentAhead: ReadAhead = (queryClient, { idSlug = '' }) => {
  const id = parseIdSlug(idSlug);
  if (id === null) return Promise.resolve();
  return Promise.all([
    queryClient.prefetchQuery(oopsDetailQueryOptions(id)),
    readAroundIncident(queryClient, id),
  ]);
};

function useReadsAhead(id: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (id !== null) void readAroundIncident(queryClient, id);
  }, [queryClient, id]);
}

export function OopsDetailPage() {
  const { idSlug = '' } = useParams();
  const id = parseIdSlug(idSlug);
  const detail = useOopsDetail(id);
  useReadsAhead(id);
  usePageTitle(detail.data?.title ?? 'Incident details');

  if (id === null) return <OopsNotFoundView />;
  if (detail.isPending) return <PageLoader label={OOPS_TEXTS.loading} />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return <OopsNotFoundView />;
    return (
      <OopsErrorView
        message={errorMessage(detail.error, MESSAGES.networkError)}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  return <OopsDetailView detail={detail.data} />;
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} className={classes.section}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function OopsDetailView({ detail }: { detail: OopsDetail }) {
  const { user } = useSession();
  const departments = useDepartments();
  const update = useUpdateOops(detail.id);
  const titleRef = useRef<HTMLDivElement>(null);
  const latest = useRef(detail);
  latest.current = detail;
  const current = useCallback(() => latest.current as unknown as BatchValues, []);
  const { saveField, saveCustomField, queue, waiting } = useFieldSaver(detail.id, current);
  const customFields = useTeamCustomFields();
  const hasCustomFields = shownCustomFields(customFields, customValuesOf(detail)).length > 0;
  // The sections from Impact down are below the first screen, even on a wide one.
  const afterFirstScreen = useAfterFirstScreen();

  const signedIn = Boolean(user && readToken());
  const closed = detail.status === 'Closed';
  const canReopen = Boolean(user?.role && MANAGER_ROLES.includes(user.role));

  const reopen = async () => {
    try {
      await update({ status: 'Open' });
      toastSuccess(OOPS_MESSAGES.reopened);
    } catch (error) {
      toastError(OOPS_TEXTS.reopenFailed(errorMessage(error, MESSAGES.networkError)));
    }
  };

  const field = (name: InlineFieldName, showLabel = true, wrapDisplay?: (node: ReactNode) => ReactNode) => (
    <EditableField
      wrapDisplay={wrapDisplay}
      key={name}
      detail={detail}
      name={name}
      disabled={closed}
      departments={departments}
      saveField={saveField}
      showLabel={showLabel}
    />
  );

  return (
    <Container size="lg" py="xl" data-print-root>
      <Stack gap="md">
        <DetailToolbar detail={detail} />
        <Stack gap={4} ref={titleRef}>
          <Text size="xs" c="dimmed" fw={600}>
            {fieldLabel('title')}
          </Text>
          {field('title', false, (display) => (
            <Title order={1} size="h2">
              {display}
            </Title>
          ))}
          {detail.repeated_despite_action && <DespiteActionBadge explained />}
          <DetailMeta detail={detail} />
        </Stack>
        <IncidentHeader detail={detail} update={update} titleRef={titleRef} />
        {!signedIn && <NotSignedInWarning />}
        <DetailBanner closed={closed} canReopen={canReopen} onReopen={reopen} userId={user?.id ?? null} />
        <ResolutionPanel detail={detail} update={update} />
        <CompletenessBar percent={detail.completeness} />

        <Section title="Overview" id="overview-heading">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {inlineFieldsIn('overview').map((name) => field(name))}
          </SimpleGrid>
        </Section>

        <Section title={fieldLabel('what_happened')} id="what-heading">
          {inlineFieldsIn('what').map((name) => field(name, false))}
        </Section>

        {afterFirstScreen && (
          <>
            <Section title="Impact" id="impact-heading">
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
                  {IMPACT_SHORT.map((name) => field(name))}
                </SimpleGrid>
                {IMPACT_LONG.map((name) => field(name))}
              </Stack>
            </Section>

            <Section title="Timeline" id="timeline-heading">
              <TimelineSection detail={detail} readOnly={closed} update={update} />
            </Section>

            <Section title="Analysis & Learning" id="analysis-heading">
              <Stack gap="sm">
                {inlineFieldsIn('analysis').map((name) => field(name))}
                <FollowThroughPanel detail={detail} waiting={waiting} disabled={closed} onChange={queue} />
              </Stack>
            </Section>

            {hasCustomFields && (
              <Section title={CUSTOM_FIELD_TEXTS.section} id="custom-fields-heading">
                <CustomFieldsSection
                  detail={detail}
                  fields={customFields}
                  disabled={closed}
                  saveCustomField={saveCustomField}
                />
              </Section>
            )}

            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Section title="Follow-up actions" id="actions-heading">
                <ActionsSection oopsId={detail.id} disabled={closed} />
              </Section>
              <Section title={fieldLabel('tags')} id="tags-heading">
                {detail.tags.length > 0 ? (
                  <Group gap={6}>
                    {detail.tags.map((tag) => (
                      <Text key={tag} size="sm" className={classes.tag}>
                        #{tag}
                      </Text>
                    ))}
                  </Group>
                ) : (
                  <Text c="dimmed">No tags.</Text>
                )}
              </Section>
            </SimpleGrid>

            <Section title={RECURRENCE_TEXTS.sectionTitle} id="related-heading">
              <RelatedSection oopsId={detail.id} disabled={closed} />
            </Section>

            <Section title="Notes" id="notes-heading">
              <Stack gap="md">
                <NotesList notes={detail.notes} />
                <AddNoteForm oopsId={detail.id} disabled={closed} />
              </Stack>
            </Section>
          </>
        )}
      </Stack>
    </Container>
  );
}
