// /actions: the follow-up actions assigned to me across the team's incidents, overdue first, and for
// owners and admins the whole team's with owner, department, status and overdue filters. The filters live in the URL.
import {
  Checkbox,
  Container,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ACTION_TEXTS } from '../../../common/domain/action-texts';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { useTeamMembers } from '../../lib/api/team-members';
import { useSession } from '../../lib/session/use-session';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { usePageTitle } from '../../lib/use-page-title';
import { useDepartments } from '../../lib/api/departments';
import type { TeamActionFilters } from '../../lib/api/oops-keys';
import { useTeamActions } from './api/team-actions';
import { TeamActionList } from './team-action-list';
import { DidItHoldSection } from './did-it-hold-section';

const STATUSES = ['open', 'done', ''] as const;

/** The filters from the URL; anything unknown falls back to "mine, open". Members always see their own. */
export function readActionFilters(params: URLSearchParams, canSeeTeam: boolean): TeamActionFilters {
  const raw = params.get('status') ?? 'open';
  const status = raw === 'all' ? '' : raw;
  const owner = Number(params.get('owner'));
  return {
    mine: !canSeeTeam || params.get('view') !== 'team',
    status: (STATUSES as readonly string[]).includes(status)
      ? (status as TeamActionFilters['status'])
      : 'open',
    overdue: params.get('overdue') === '1',
    ownerId: Number.isInteger(owner) && owner > 0 ? owner : null,
    department: params.get('department')?.slice(0, 100) ?? '',
  };
}

export function MyActionsPage() {
  usePageTitle(ACTION_TEXTS.pageTitle);
  const { user } = useSession();
  const canSeeTeam = user?.role != null && MANAGER_ROLES.includes(user.role);
  const [params, setParams] = useSearchParams();
  const filters = readActionFilters(params, canSeeTeam);
  const actions = useTeamActions(filters);

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{ACTION_TEXTS.pageTitle}</Title>
          <Text c="dimmed">{ACTION_TEXTS.intro}</Text>
        </div>
        <DidItHoldSection />
        <Group gap="md" align="flex-end" wrap="wrap">
          {canSeeTeam && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="actions-view-label">
                {ACTION_TEXTS.viewLabel}
              </Text>
              <SegmentedControl
                aria-labelledby="actions-view-label"
                value={filters.mine ? 'mine' : 'team'}
                onChange={(view) => setParam('view', view === 'team' ? 'team' : '')}
                data={[
                  { value: 'mine', label: ACTION_TEXTS.mine },
                  { value: 'team', label: ACTION_TEXTS.team },
                ]}
              />
            </Stack>
          )}
          <NativeSelect
            label={ACTION_TEXTS.statusLabel}
            value={filters.status}
            onChange={(event) => setParam('status', event.currentTarget.value || 'all')}
            data={ACTION_TEXTS.statusOptions.map((o) => ({ value: o.value, label: o.label }))}
          />
          {!filters.mine && <TeamFilters filters={filters} setParam={setParam} />}
          <Checkbox
            label={ACTION_TEXTS.overdueOnly}
            checked={filters.overdue}
            onChange={(event) => setParam('overdue', event.currentTarget.checked ? '1' : '')}
            mb={8}
          />
        </Group>
        {actions.isPending ? (
          <Text role="status">{ACTION_TEXTS.loading}</Text>
        ) : actions.isError ? (
          <LoadErrorAlert
            title={ACTION_TEXTS.loadFailed}
            error={actions.error}
            onRetry={() => void actions.refetch()}
            retryLabel={ACTION_TEXTS.tryAgain}
          />
        ) : (
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" aria-live="polite">
              <Text fw={600} data-testid="action-counts">
                {ACTION_TEXTS.counts(actions.data.counts.open, actions.data.counts.overdue)}
              </Text>
              {actions.data.matched > actions.data.actions.length && (
                <Text size="sm" c="dimmed">
                  {ACTION_TEXTS.showing(actions.data.actions.length, actions.data.matched)}
                </Text>
              )}
            </Group>
            <TeamActionList actions={actions.data.actions} showOwner={!filters.mine} filters={filters} />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

/** Owner and department: only in the whole team's view. */
function TeamFilters({
  filters,
  setParam,
}: {
  filters: TeamActionFilters;
  setParam: (name: string, value: string) => void;
}) {
  const members = useTeamMembers();
  const departments = useDepartments();
  return (
    <>
      <NativeSelect
        label={ACTION_TEXTS.ownerLabel}
        value={filters.ownerId === null ? '' : String(filters.ownerId)}
        onChange={(event) => setParam('owner', event.currentTarget.value)}
        data={[
          { value: '', label: ACTION_TEXTS.anyOwner },
          ...(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name || m.email })),
        ]}
      />
      <NativeSelect
        label={ACTION_TEXTS.departmentLabel}
        value={filters.department}
        onChange={(event) => setParam('department', event.currentTarget.value)}
        data={[{ value: '', label: ACTION_TEXTS.anyDepartment }, ...departments]}
      />
    </>
  );
}
