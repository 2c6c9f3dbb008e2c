// Top of the detail page: back link, print and Markdown export, the title, created/occurred/team, and the banner
// (closed: read-only with 'Reopen for Edits' for owners and admins; open: how to edit, until the user dismisses it).
import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { ArrowLeft, Download, Info, Lock, Printer } from 'lucide-react';
import { Link } from 'react-router';
import type { OopsDetail } from '../../../common/contracts/oops';
import { MESSAGES } from '../../../common/domain/messages';
import { CONFIDENTIAL_TEXTS } from '../../../common/domain/confidential-texts';
import { fieldLabel } from '../../../common/domain/oops-fields';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { toastError } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { downloadFile } from '../../lib/download-file';
import { formatDateTime } from '../../lib/format';
import classes from './detail.module.css';

export function DetailToolbar({ detail }: { detail: OopsDetail }) {
  const [exporting, setExporting] = useState(false);
  const exportMarkdown = async () => {
    setExporting(true);
    try {
      await downloadFile(`/api/oops/${detail.id}/export.md`, `postmortem-${detail.id_slug}.md`);
    } catch (error) {
      toastError(OOPS_TEXTS.exportFailed(errorMessage(error, MESSAGES.networkError)));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Group justify="space-between" gap="xs" className={classes.noPrint}>
      <Anchor component={Link} to="/oops" size="sm">
        <Group gap={4} component="span">
          <ArrowLeft aria-hidden size={16} />
          {OOPS_TEXTS.backToList}
        </Group>
      </Anchor>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<Download aria-hidden size={14} />}
          loading={exporting}
          onClick={() => void exportMarkdown()}
        >
          Export Markdown
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<Printer aria-hidden size={14} />}
          onClick={() => window.print()}
        >
          Print
        </Button>
      </Group>
    </Group>
  );
}

export function DetailMeta({ detail }: { detail: OopsDetail }) {
  const items: [string, ReactNode][] = [
    ['Created', formatDateTime(detail.created_at)],
    ...(detail.occurred_at
      ? [[fieldLabel('occurred_at'), formatDateTime(detail.occurred_at)] as [string, ReactNode]]
      : []),
    ['Team', detail.team_name],
    [
      'Created by',
      detail.reported_by_you ? (
        <Group component="span" gap={6} wrap="nowrap">
          {detail.created_by}
          <Badge component="span" variant="filled" color="teal.9">
            {CONFIDENTIAL_TEXTS.reportedByYou}
          </Badge>
        </Group>
      ) : (
        (detail.created_by ?? 'Unknown')
      ),
    ],
    ['Updated', formatDateTime(detail.updated_at)],
  ];
  return (
    <Group gap="lg" component="dl" m={0} style={{ rowGap: 2 }}>
      {items.map(([label, value]) => (
        <Group key={label} gap={4} wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed">
            {label}:
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

interface DetailBannerProps {
  closed: boolean;
  canReopen: boolean;
  onReopen: () => Promise<void>;
  /** Whose choice to hide the edit tip is remembered on this browser (null: no session yet, no tip). */
  userId: number | null;
}

/** Keyed by the user, so that two people sharing a browser each decide for themselves. */
export const editTipKey = (userId: number) => `oopsboard.editTipDismissed.${userId}`;

/** How to edit, for someone who can, until they dismiss it. */
function EditTip({ userId }: { userId: number }) {
  const [dismissed, setDismissed] = useLocalStorage({
    key: editTipKey(userId),
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  if (dismissed) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<Info aria-hidden size={18} />}
      className={classes.noPrint}
      role="note"
      withCloseButton
      closeButtonLabel={OOPS_TEXTS.dismissTip}
      onClose={() => setDismissed(true)}
    >
      {OOPS_TEXTS.editTip}
    </Alert>
  );
}

export function DetailBanner({ closed, canReopen, onReopen, userId }: DetailBannerProps) {
  const [busy, setBusy] = useState(false);
  // The tip waits for the session: the remembered choice is the user's.
  if (!closed) return userId === null ? null : <EditTip key={userId} userId={userId} />;
  return (
    <Alert color="gray" variant="outline" icon={<Lock aria-hidden size={18} />} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" fw={600}>
          {OOPS_MESSAGES.closedReadOnly}
        </Text>
        {canReopen ? (
          <Button
            size="xs"
            loading={busy}
            className={classes.noPrint}
            onClick={() => {
              setBusy(true);
              void onReopen().finally(() => setBusy(false));
            }}
          >
            {OOPS_TEXTS.reopenButton}
          </Button>
        ) : (
          <Text size="sm" className={classes.noPrint}>
            {OOPS_TEXTS.reopenMembersHint}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
