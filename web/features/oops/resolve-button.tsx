// The detail page's resolution panel (decision 042): when the incident occurred, and whether it is resolved. An open
// incident is marked resolved at a picked time here (now: the header's next step, incident-header.tsx) and then
// shows "Resolved · in review" until it is closed; "Not resolved after all" clears the resolution. A closed incident
// shows its times read-only.
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { CheckCircle2, RotateCcw } from 'lucide-react';
import type { OopsDetail } from '../../../common/contracts/oops';
import { MESSAGES } from '../../../common/domain/messages';
import { RESOLUTION_MESSAGES, RESOLUTION_TEXTS, resolutionState } from '../../../common/domain/resolution';
import { toastError, toastSuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import type { UpdateOopsInput } from './api/update-oops';
import { useResolveOops } from './api/resolve-oops';
import { formatDateTime } from '../../lib/format';
import { InReviewBadge } from './in-review-badge';
import {
  IncidentTimePicker,
  incidentTimeErrors,
  toIso,
  toPickerValue,
  type PickerValue,
  type TimeErrors,
} from './occurred-resolved-fields';

export interface ResolutionPanelProps {
  detail: OopsDetail;
  update: (body: UpdateOopsInput) => Promise<OopsDetail>;
}

export function ResolutionPanel({ detail, update }: ResolutionPanelProps) {
  const resolve = useResolveOops(detail.id);
  const state = resolutionState(detail);
  const [pending, setPending] = useState<PickerValue>(null);
  const [errors, setErrors] = useState<TimeErrors>({});
  const [busy, setBusy] = useState(false);
  const closed = state === 'closed';
  const times = (changes: { occurred?: PickerValue; resolved?: PickerValue }) => ({
    occurred: changes.occurred !== undefined ? changes.occurred : toPickerValue(detail.occurred_at),
    resolved: changes.resolved !== undefined ? changes.resolved : toPickerValue(detail.resolved_at),
  });

  const run = async (work: () => Promise<unknown>, success?: string) => {
    setBusy(true);
    try {
      await work();
      setErrors({});
      if (success) toastSuccess(success);
    } catch (error) {
      toastError(RESOLUTION_TEXTS.saveFailed(errorMessage(error, MESSAGES.networkError)));
    } finally {
      setBusy(false);
    }
  };
  /** Checks a changed time as the server will, then saves it. */
  const save = (field: 'occurred' | 'resolved', value: PickerValue, send: () => Promise<unknown>) => {
    const found = incidentTimeErrors(times({ [field]: value }), new Date(detail.created_at), {
      occurred: field === 'occurred',
      resolved: field === 'resolved',
    });
    setErrors(found);
    if (Object.keys(found).length === 0) void run(send);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="resolution-heading">
      <Stack gap="sm">
        <Group gap="sm" justify="space-between">
          <Text id="resolution-heading" fw={600} component="h2" size="md" m={0}>
            Resolution
          </Text>
          {state === 'in_review' && <InReviewBadge />}
        </Group>
        <Group gap="md" align="flex-start" wrap="wrap">
          <IncidentTimePicker
            id="detail-occurred-at"
            label={RESOLUTION_TEXTS.occurredLabel}
            value={toPickerValue(detail.occurred_at)}
            onChange={(value) => save('occurred', value, () => update({ occurred_at: toIso(value) }))}
            error={errors.occurred_at}
            disabled={closed || busy}
            clearable={!closed}
          />
          {state === 'open' ? (
            <IncidentTimePicker
              id="detail-resolved-at"
              label={RESOLUTION_TEXTS.resolvedLabel}
              placeholder={RESOLUTION_TEXTS.resolvedNowHint}
              value={pending}
              min={toPickerValue(detail.occurred_at)}
              onChange={(value) => {
                setPending(value);
                setErrors(
                  value ? incidentTimeErrors(times({ resolved: value }), new Date(detail.created_at)) : {},
                );
              }}
              error={errors.resolved_at}
              clearable
              disabled={busy}
            />
          ) : (
            <IncidentTimePicker
              id="detail-resolved-at"
              label={RESOLUTION_TEXTS.resolvedLabel}
              value={toPickerValue(detail.resolved_at)}
              min={toPickerValue(detail.occurred_at)}
              onChange={(value) =>
                value && save('resolved', value, () => update({ resolved_at: toIso(value) }))
              }
              error={errors.resolved_at}
              disabled={closed || busy}
            />
          )}
        </Group>
        {detail.resolved_at && (
          <Text size="sm" c="dimmed">
            {RESOLUTION_TEXTS.resolvedBy(formatDateTime(detail.resolved_at), detail.resolved_by)}
          </Text>
        )}
        {state === 'open' && pending && (
          <Group>
            <Button
              variant="light"
              leftSection={<CheckCircle2 aria-hidden size={16} />}
              loading={busy}
              disabled={Boolean(errors.resolved_at)}
              onClick={() =>
                void run(async () => {
                  await resolve({ resolved_at: toIso(pending)! });
                  setPending(null);
                }, RESOLUTION_MESSAGES.marked)
              }
            >
              {RESOLUTION_TEXTS.markResolvedAt}
            </Button>
          </Group>
        )}
        {state === 'in_review' && (
          <Group>
            <Button
              variant="default"
              leftSection={<RotateCcw aria-hidden size={16} />}
              loading={busy}
              onClick={() => void run(() => update({ resolved_at: null }), RESOLUTION_MESSAGES.cleared)}
            >
              {RESOLUTION_TEXTS.notResolved}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
