// Follow-up actions (the terms' "action items"): title, owner from the team, due date, open/done, delete.
import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Trash2 } from 'lucide-react';
import type { Action } from '../../../common/contracts/actions';
import { MESSAGES } from '../../../common/domain/messages';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { toastError } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { useCreateAction } from './api/create-action';
import { useDeleteAction } from './api/delete-action';
import { useActions, useFixesNotHeld } from './api/list-actions';
import { ActionVerification, FixesNotHeldAlert } from './action-verification';
import { VERIFICATION_LIMITS, VERIFICATION_TEXTS } from '../../../common/domain/verification';
import { useTeamMembers } from '../../lib/api/team-members';
import { useUpdateAction } from './api/update-action';
import { formatDay } from '../../lib/format';
import { actionToday, isOverdue } from '../../../common/domain/actions';
import { OverdueBadge } from './overdue-badge';
import classes from './actions.module.css';
import { DateField } from '../../components/date-field';

const failed = (error: unknown) =>
  toastError(OOPS_TEXTS.actionFailed(errorMessage(error, MESSAGES.networkError)));

export function ActionsSection({ oopsId, disabled }: { oopsId: number; disabled: boolean }) {
  const actions = useActions(oopsId);
  const fixesNotHeld = useFixesNotHeld(oopsId);
  const update = useUpdateAction(oopsId);
  const remove = useDeleteAction(oopsId);
  const title = disabled ? OOPS_MESSAGES.cannotEditClosed : undefined;

  if (actions.isPending) return <Text role="status">{OOPS_TEXTS.loading}</Text>;
  if (actions.isError) {
    return (
      <Alert color="red" variant="outline" role="alert">
        {errorMessage(actions.error, MESSAGES.networkError)}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <FixesNotHeldAlert oopsId={oopsId} fixes={fixesNotHeld.data ?? []} />
      {actions.data.length === 0 ? (
        <Text c="dimmed">{OOPS_TEXTS.noActions}</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Follow-up actions"
        >
          {actions.data.map((action) => (
            <ActionRow
              key={action.id}
              action={action}
              disabled={disabled}
              title={title}
              onToggle={(done) =>
                update.mutate(
                  { actionId: action.id, body: { status: done ? 'done' : 'open' } },
                  { onError: failed },
                )
              }
              onDelete={() => remove.mutate(action.id, { onError: failed })}
            />
          ))}
        </Stack>
      )}
      {!disabled && <AddActionForm oopsId={oopsId} />}
    </Stack>
  );
}

function ActionRow({
  action,
  disabled,
  title,
  onToggle,
  onDelete,
}: {
  action: Action;
  disabled: boolean;
  title: string | undefined;
  onToggle: (done: boolean) => void;
  onDelete: () => void;
}) {
  const done = action.status === 'done';
  const overdue = isOverdue(action, actionToday());
  return (
    <Paper withBorder p="xs" component="li" data-overdue={overdue || undefined}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Checkbox
            checked={done}
            disabled={disabled}
            title={title}
            onChange={(e) => onToggle(e.currentTarget.checked)}
            label={
              <Text
                component="span"
                td={done ? 'line-through' : undefined}
                style={{ overflowWrap: 'anywhere' }}
              >
                {action.title}
              </Text>
            }
          />
          <Group gap={6} pl={30}>
            {overdue && <OverdueBadge />}
            <Text size="xs" c={overdue ? 'var(--mantine-color-error)' : 'dimmed'}>
              {done ? 'Done' : 'Open'} · Owner: {action.owner_name ?? 'Unassigned'} · Due:{' '}
              {action.due_date ? formatDay(action.due_date) : 'No date'}
            </Text>
          </Group>
          <Stack gap={2} pl={30}>
            <ActionVerification action={action} />
          </Stack>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete action ${action.title}`}
          disabled={disabled}
          title={title}
          onClick={onDelete}
          className={classes.noPrint}
        >
          <Trash2 aria-hidden size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function AddActionForm({ oopsId }: { oopsId: number }) {
  const members = useTeamMembers();
  const create = useCreateAction(oopsId);
  const [title, setTitle] = useState('');
  const [owner, setOwner] = useState('');
  const [due, setDue] = useState('');
  const [check, setCheck] = useState('');
  const [verifyOn, setVerifyOn] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    create.mutate(
      {
        title: title.trim(),
        owner_id: owner ? Number(owner) : null,
        due_date: due || null,
        // Optional (decision 048): sent only when given, so the call is as before without them.
        ...(check.trim() ? { verification_check: check.trim() } : {}),
        ...(verifyOn ? { verify_on: verifyOn } : {}),
      },
      {
        onSuccess: () => {
          setTitle('');
          setOwner('');
          setDue('');
          setCheck('');
          setVerifyOn('');
        },
        onError: failed,
      },
    );
  };
  const ownerOptions = [
    { value: '', label: members.isPending ? 'Loading members…' : 'Unassigned' },
    ...(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name || m.email })),
  ];
  return (
    <form onSubmit={submit} aria-label="Add a follow-up action" className={classes.noPrint}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput
            label="Action"
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <NativeSelect
            label="Action owner"
            value={owner}
            data={ownerOptions}
            onChange={(e) => setOwner(e.currentTarget.value)}
          />
          <DateField label="Due date" value={due} onChange={setDue} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label={VERIFICATION_TEXTS.checkLabel}
            description={VERIFICATION_TEXTS.checkDescription}
            value={check}
            maxLength={VERIFICATION_LIMITS.checkMax}
            onChange={(e) => setCheck(e.currentTarget.value)}
          />
          <DateField label={VERIFICATION_TEXTS.verifyOnLabel} value={verifyOn} onChange={setVerifyOn} />
        </SimpleGrid>
        <Button
          type="submit"
          variant="light"
          disabled={!title.trim()}
          loading={create.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Add Action
        </Button>
      </Stack>
    </form>
  );
}
