// Under the stats cards: the period's incidents by severity (a bar and counts) and the learning figures of the same
// answer (learning moments, resolved incidents, average data collected, repeats), so the panel reads as much as its
// neighbour shows instead of standing half empty on a wide screen.
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OopsStats } from '../../../common/contracts/stats';
import { SEVERITIES } from '../../../common/domain/options';
import { RECURRENCE_TEXTS } from '../../../common/domain/recurrence-texts';
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
      {/* Recurrence (decision 019): how many of the period's incidents came back, and despite completed actions. */}
      <SimpleGrid cols={3} spacing="xs">
        <Figure
          label={RECURRENCE_TEXTS.repeatRate}
          value={stats.repeat_rate === null ? '—' : `${stats.repeat_rate}%`}
          testId="stat-repeat-rate"
        />
        <Figure label="Despite action" value={String(stats.repeated_despite_action)} testId="stat-despite" />
        <Figure
          label="Near-misses per incident"
          value={stats.near_miss_ratio === null ? '—' : String(stats.near_miss_ratio)}
          testId="stat-near-miss-ratio"
        />
      </SimpleGrid>
    </Stack>
  );
}
