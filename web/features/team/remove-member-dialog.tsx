import { useState } from 'react';
import { Alert, Anchor, Button, Group, List, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Member } from '../../../common/contracts/team';
import type { OpenAction, RemoveMemberResult } from '../../../common/contracts/team-members';
import { SuccessAlert } from '../../components/success-alert';
import { failureReason } from '../../lib/form-failure';
import { toastError, toastSuccess } from '../../lib/toast';
import { useMemberOpenActions } from './api/open-actions';
import { useReassignAction } from './api/reassign-action';
import { useRemoveMember } from './api/remove-member';

const nameOf = (m: Pick<Member, 'name' | 'email'>) => m.name || m.email;

interface RemoveMemberDialogProps {
  /** The member to remove; null keeps the dialog closed. */
  member: Member | null;
  /** The team, for choosing who takes over an open action. */
  members: Member[];
  onClose: () => void;
}

/** The removed member's open actions, each with a choice of who takes it over (decision 035). */
function Reassign({ actions, choices }: { actions: OpenAction[]; choices: Member[] }) {
  const reassign = useReassignAction();
  const [owners, setOwners] = useState<Record<number, string>>({});
  if (actions.length === 0) return <Text size="sm">They had no open follow-up actions.</Text>;
  const data = [
    { value: '', label: 'Choose a member' },
    ...choices.map((m) => ({ value: String(m.id), label: nameOf(m) })),
  ];
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        Reassign their open follow-up actions ({actions.length})
      </Text>
      {actions.map((action) => (
        <Stack key={action.id} gap={4}>
          <Text size="sm">
            {action.title}{' '}
            <Anchor component={Link} to={`/oops/${action.oops.id_slug}`} size="sm">
              ({action.oops.title})
            </Anchor>
          </Text>
          {action.oops.status === 'Closed' ? (
            <Text size="sm" c="dimmed">
              The incident is closed: reopen it to reassign this action.
            </Text>
          ) : (
            <NativeSelect
              aria-label={`New owner of ${action.title}`}
              size="xs"
              data={data}
              value={owners[action.id] ?? ''}
              disabled={reassign.isPending}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (!value) return;
                reassign.mutate(
                  { oopsId: action.oops.id, actionId: action.id, ownerId: Number(value) },
                  {
                    onSuccess: () => {
                      setOwners((o) => ({ ...o, [action.id]: value }));
                      toastSuccess('Action reassigned.');
                    },
                    onError: (error) => toastError(`Could not reassign the action. ${failureReason(error)}`),
                  },
                );
              }}
            />
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** What removing will end, and the open actions they hold (fetched before asking). */
function Confirm({ member }: { member: Member }) {
  const actions = useMemberOpenActions(member.id);
  return (
    <Stack gap="sm">
      <Text>
        Remove {nameOf(member)} ({member.email}) from the team? They are signed out at once and their API
        tokens for this team stop working. Incidents they logged keep their name.
      </Text>
      {actions.isPending ? (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Loading their open actions…</Text>
        </Group>
      ) : actions.isError ? (
        <Text size="sm">Their open actions could not be loaded; they are listed after the removal.</Text>
      ) : actions.data.actions.length === 0 ? (
        <Text size="sm">They have no open follow-up actions.</Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">
            Their open follow-up actions ({actions.data.matched}), which you can reassign next:
          </Text>
          <List size="sm" aria-label={`Open actions of ${nameOf(member)}`}>
            {actions.data.actions.map((a) => (
              <List.Item key={a.id}>
                {a.title} ({a.oops.title})
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}

/** Asks before removing a member, then offers their open actions for reassignment. */
export function RemoveMemberDialog({ member, members, onClose }: RemoveMemberDialogProps) {
  const remove = useRemoveMember();
  const [result, setResult] = useState<RemoveMemberResult | null>(null);
  // The last member stays on screen while the dialog fades out.
  const [last, setLast] = useState(member);
  if (member && member !== last) {
    setLast(member);
    setResult(null);
    remove.reset();
  }
  const shown = member ?? last;
  const close = () => {
    if (!remove.isPending) onClose();
  };
  return (
    <Modal
      opened={member !== null}
      onClose={close}
      title="Remove member"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {shown && (
        <Stack gap="md">
          {result ? (
            <>
              <SuccessAlert>{result.message}</SuccessAlert>
              <Reassign actions={result.open_actions} choices={members.filter((m) => m.id !== shown.id)} />
              <Group justify="flex-end">
                <Button onClick={close}>Done</Button>
              </Group>
            </>
          ) : (
            <>
              <Confirm member={shown} />
              {remove.isError && (
                <Alert color="red" variant="outline" role="alert">
                  Could not remove {nameOf(shown)}: {failureReason(remove.error)}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close} disabled={remove.isPending}>
                  Cancel
                </Button>
                <Button
                  color="red.9"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(shown.id, { onSuccess: setResult })}
                >
                  Remove
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
