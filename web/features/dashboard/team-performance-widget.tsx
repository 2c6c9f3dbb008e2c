// Team performance (docs/product.md §2, not in the default layout): per team members, recent, total, High/Med/Low and last
// incident recency, hiding 'Personal Team'; summary Teams, Clean (30d), High Severity, Total Members.
import { Badge, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { lastIncidentRecency } from '../../../common/domain/dashboard';
import { DASHBOARD_TEXTS } from '../../../common/domain/dashboard-texts';
import { recentCountColor, teamSummary, visibleTeams } from '../../../common/domain/team-performance';
import { useTeamStats } from './api/team-stats';
import { badgeTone } from '../../components/badge-tone';
import { Panel, PanelError, PanelLoading } from './panel';
import { ScrollTable } from './scroll-table';
import { useNow } from './use-now';

function Summary({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="xs" ta="center">
      <Text fw={800} size="xl">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

export function TeamPerformanceWidget() {
  const query = useTeamStats();
  const now = useNow(60_000);
  let body;
  if (query.isPending) body = <PanelLoading label="Loading team statistics" />;
  else if (query.isError && !query.data)
    body = <PanelError message={DASHBOARD_TEXTS.teamStatsFailed} onRetry={() => void query.refetch()} />;
  else {
    const teams = visibleTeams(query.data);
    const summary = teamSummary(teams);
    body = (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Summary label="Teams" value={summary.teams} />
          <Summary label="Clean (30d)" value={summary.clean} />
          <Summary label="High Severity" value={summary.highSeverity} />
          <Summary label="Total Members" value={summary.members} />
        </SimpleGrid>
        {teams.length === 0 ? (
          <Text c="dimmed" ta="center">
            {DASHBOARD_TEXTS.noDataAvailable}
          </Text>
        ) : (
          <ScrollTable label="Teams by incident counts" minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Team</Table.Th>
                  <Table.Th scope="col">Members</Table.Th>
                  <Table.Th scope="col">Recent (30d)</Table.Th>
                  <Table.Th scope="col">Total</Table.Th>
                  <Table.Th scope="col">High/Med/Low</Table.Th>
                  <Table.Th scope="col">Last Incident</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {teams.map((t) => (
                  <Table.Tr key={t.team_id}>
                    <Table.Td>{t.team_name}</Table.Td>
                    <Table.Td>{t.member_count}</Table.Td>
                    <Table.Td>
                      <Badge {...badgeTone(recentCountColor(t.recent_oops))}>{t.recent_oops}</Badge>
                    </Table.Td>
                    <Table.Td>{t.total_oops}</Table.Td>
                    <Table.Td>
                      {t.high_severity_oops}/{t.medium_severity_oops}/{t.low_severity_oops}
                    </Table.Td>
                    <Table.Td>{lastIncidentRecency(t.last_oops_date, now)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    );
  }
  return (
    <Panel id="team-performance" title="Team Performance">
      {body}
    </Panel>
  );
}
