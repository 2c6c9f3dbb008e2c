// Under the stats cards: the period's incidents by severity (a bar and counts) and the learning figures of the same
// answer (learning moments, resolved incidents, average data collected), so the panel reads as much as its
// neighbour shows instead of standing half empty on a wide screen.
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OopsStats } from '../../../common/contracts/stats';
import { SEVERITIES } from '../../../common/domain/options';
import { severityColor } from '../../../common/domain/severity';
import { SeverityBadge } from '../../components/severity-badge';
import classes from './dashboard.module.css';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function PeriodBreakdown({ stats }: { stats: OopsStats }) {
  const counts = SEVERITIES.map((severity) => ({ severity, count: stats.severity_breakdown[severity] }));
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const summary = counts.map((c) => `${c.severity} ${c.count}`).join(', ');
  return (
    <Stack gap="xs" data-testid="period-breakdown">
      <Text size="sm" fw={600}>
        Last {stats.period_days} days by severity
      </Text>
      {total > 0 ? (
        <div className={classes.severityBar} role="img" aria-label={`By severity: ${summary}`}>
          {counts
            .filter((c) => c.count > 0)
            .map((c) => (
              <span
                key={c.severity}
                style={{
                  flexGrow: c.count,
                  background: `var(--mantine-color-${severityColor(c.severity)}-6)`,
                }}
              />
            ))}
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          No incidents in the last {stats.period_days} days.
        </Text>
      )}
      <Group gap="md">
        {counts.map((c) => (
          <Group key={c.severity} gap={6} wrap="nowrap">
            <SeverityBadge severity={c.severity} size="xs" />
            <Text size="sm" fw={700}>
              {c.count}
            </Text>
          </Group>
        ))}
      </Group>
      <SimpleGrid cols={3} spacing="xs" mt={4}>
        <Figure label="Learning moments" value={String(stats.learning_moments)} testId="stat-learning" />
        <Figure label="Resolved" value={String(stats.resolved_count)} testId="stat-resolved" />
        <Figure
          label="Data collected"
          value={stats.avg_completeness === null ? '—' : `${Math.round(stats.avg_completeness)}%`}
          testId="stat-completeness"
        />
      </SimpleGrid>
    </Stack>
  );
}
