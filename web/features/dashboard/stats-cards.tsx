// Stats cards (docs/product.md §2): Total, This Month, High/Critical; below them the period by severity and learning figures.
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DASHBOARD_TEXTS } from '../../../common/domain/dashboard-texts';
import { useOopsStats } from './api/oops-stats';
import { Panel, PanelError, PanelLoading } from './panel';
import { PeriodBreakdown } from './period-breakdown';

function StatCard({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: number;
  hint: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'sm' }}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={800} fz={{ base: 26, sm: 32 }} lh={1.2} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

export function StatsCards() {
  const stats = useOopsStats();
  let body;
  if (stats.isPending) body = <PanelLoading label="Loading statistics" height={96} />;
  else if (stats.isError && !stats.data)
    body = <PanelError message={DASHBOARD_TEXTS.statsFailed} onRetry={() => void stats.refetch()} />;
  else {
    const s = stats.data;
    body = (
      <Stack gap="md">
        <SimpleGrid cols={3} spacing="xs">
          <StatCard label="Total" value={s.total_oops} hint="All incidents" testId="stat-total" />
          <StatCard label="This Month" value={s.this_month} hint="Since the 1st" testId="stat-month" />
          <StatCard
            label="High/Critical"
            value={s.high_critical}
            hint={`Last ${s.period_days} days`}
            testId="stat-high"
          />
        </SimpleGrid>
        <PeriodBreakdown stats={s} />
      </Stack>
    );
  }
  return (
    <Panel id="stats" title="Statistics">
      {body}
    </Panel>
  );
}
