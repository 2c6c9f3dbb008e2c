// The rows of /actions: title, due date (Overdue in the error colour), owner in the team view, the incident it
// belongs to, and Mark done for open ones.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import type { TeamAction } from '../../../common/contracts/actions';
import { ACTION_TEXTS } from '../../../common/domain/action-texts';
import { MESSAGES } from '../../../common/domain/messages';
import { toastError, toastSuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import type { TeamActionFilters } from '../../lib/api/oops-keys';
import { useCompleteAction } from './api/team-actions';
import { formatDate, formatDay } from '../../lib/format';
import { OverdueBadge } from './overdue-badge';

interface TeamActionListProps {
  actions: TeamAction[];
  showOwner: boolean;
  filters: TeamActionFilters;
}

export function TeamActionList({ actions, showOwner, filters }: TeamActionListProps) {
  const complete = useCompleteAction();
  const filtered = !filters.mine || filters.overdue || filters.status !== 'open';

  if (actions.length === 0)
    return <Text c="dimmed">{filtered ? ACTION_TEXTS.emptyFiltered : ACTION_TEXTS.emptyMine}</Text>;

  const markDone = (action: TeamAction) =>
    complete.mutate(action.id, {
      onSuccess: () => toastSuccess(ACTION_TEXTS.markedDone(action.title)),
      onError: (error) => toastError(ACTION_TEXTS.markDoneFailed(errorMessage(error, MESSAGES.networkError))),
    });

  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={ACTION_TEXTS.pageTitle}
    >
      {actions.map((action) => (
        <Paper key={action.id} component="li" withBorder p="sm" radius="md" data-testid="team-action">
          <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {action.title}
                </Text>
                {action.overdue && <OverdueBadge />}
              </Group>
              <Text size="sm" c={action.overdue ? 'var(--mantine-color-error)' : 'dimmed'}>
                {action.status === 'done'
                  ? ACTION_TEXTS.completed(formatDate(action.completed_at))
                  : action.due_date
                    ? ACTION_TEXTS.due(formatDay(action.due_date))
                    : ACTION_TEXTS.noDueDate}
                {showOwner && ` · ${action.owner_name ?? ACTION_TEXTS.unassigned}`}
              </Text>
              <Text size="sm">
                {ACTION_TEXTS.incident}: <Link to={`/oops/${action.oops.id_slug}`}>{action.oops.title}</Link>
                {action.oops.area_department && (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    · {action.oops.area_department}
                  </Text>
                )}
              </Text>
            </Stack>
            {action.status === 'open' && (
              <Button
                size="xs"
                variant="light"
                leftSection={<Check size={14} aria-hidden />}
                aria-label={ACTION_TEXTS.markDoneLabel(action.title)}
                loading={complete.isPending && complete.variables === action.id}
                onClick={() => markDone(action)}
              >
                {ACTION_TEXTS.markDone}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
