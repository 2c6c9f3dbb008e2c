// One report of the triage queue (decision 049): what it is, and the form that gives it an outcome and a note.
import { useId, useState, type FormEvent } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { TriageQueueItem } from '../../../common/contracts/triage';
import { OOPS_KIND_LABELS } from '../../../common/domain/oops-options';
import {
  TRIAGE_NOTE_MAX,
  TRIAGE_OUTCOME_HINTS,
  TRIAGE_OUTCOME_LABELS,
  TRIAGE_OUTCOMES,
  TRIAGE_TEXTS,
  type TriageOutcome,
} from '../../../common/domain/triage';
import { MESSAGES } from '../../../common/domain/messages';
import { useTeamMembers } from '../../lib/api/team-members';
import { formatDateTime } from '../../lib/format';
import { toastError, toastSuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { useTriageReport } from './api/triage-report';

export function TriageItem({ item }: { item: TriageQueueItem }) {
  const headingId = useId();
  const triage = useTriageReport();
  const [outcome, setOutcome] = useState<TriageOutcome | ''>('');
  const [note, setNote] = useState('');
  const [owner, setOwner] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ready = outcome !== '' && note.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setError(null);
    triage.mutate(
      {
        id: item.id,
        body: {
          outcome,
          note: note.trim(),
          ...(outcome === 'needs_fix' && owner ? { action_owner_id: Number(owner) } : {}),
        },
      },
      {
        onSuccess: () => toastSuccess(TRIAGE_TEXTS.saved),
        onError: (failure) => {
          const message = errorMessage(failure, MESSAGES.networkError);
          setError(message);
          toastError(`${TRIAGE_TEXTS.saveFailed} ${message}`);
        },
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={headingId}>
            <Anchor component={Link} to={`/oops/${item.id_slug}`} inherit>
              {item.title}
            </Anchor>
          </Title>
          <Group gap="xs" mt={4}>
            <Badge variant="dot" color="grape">
              {OOPS_KIND_LABELS[item.kind]}
            </Badge>
            {item.confidential && (
              <Badge variant="outline" color="gray">
                {TRIAGE_TEXTS.confidential}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {item.created_by ? `${item.created_by} · ` : ''}logged {formatDateTime(item.created_at)}
              {item.area_department ? ` · ${item.area_department}` : ''}
            </Text>
          </Group>
        </div>
        <form onSubmit={submit} aria-label={`Triage "${item.title}"`}>
          <Stack gap="sm">
            <Radio.Group label={TRIAGE_TEXTS.outcomeLegend} value={outcome} onChange={setOutcome} required>
              <Stack gap={6} mt={4}>
                {TRIAGE_OUTCOMES.map((value) => (
                  <Radio
                    key={value}
                    value={value}
                    label={TRIAGE_OUTCOME_LABELS[value]}
                    description={TRIAGE_OUTCOME_HINTS[value]}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={TRIAGE_TEXTS.noteLabel}
              description={TRIAGE_TEXTS.noteDescription}
              value={note}
              maxLength={TRIAGE_NOTE_MAX}
              rows={3}
              required
              error={error}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Text size="xs" c="dimmed" aria-live="polite">
              {note.length}/{TRIAGE_NOTE_MAX}
            </Text>
            {outcome === 'needs_fix' && <OwnerSelect value={owner} onChange={setOwner} />}
            <Button
              type="submit"
              disabled={!ready}
              loading={triage.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {TRIAGE_TEXTS.submit}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function OwnerSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const members = useTeamMembers();
  const data = [
    { value: '', label: members.isPending ? 'Loading members…' : 'Me' },
    ...(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name || m.email })),
  ];
  return (
    <NativeSelect
      label={TRIAGE_TEXTS.ownerLabel}
      description={TRIAGE_TEXTS.ownerDescription}
      value={value}
      data={data}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
