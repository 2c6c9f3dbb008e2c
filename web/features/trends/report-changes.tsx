// The report's change against the previous period of the same length (decision 051): each figure with its change,
// and a sentence when the change is within noise (the rule of common/domain/trends.ts).
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TrendsResponse } from '../../../common/contracts/trends';
import { changeText, periodChange, type PeriodChange } from '../../../common/domain/trends';
import { minutesText } from './chart-data';
import classes from './trends.module.css';

interface Tile {
  label: string;
  value: string;
  change: PeriodChange | null;
  unit?: (n: number) => string;
  previous: string;
}

function ChangeTile({ label, value, change, unit, previous }: Tile) {
  return (
    <Paper withBorder p="md" className={classes.tile} data-testid="change-tile">
      <Stack gap={4}>
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <Text fw={700} fz="1.5rem" lh={1.2}>
          {value}
        </Text>
        <Text size="sm">{change ? changeText(change, unit) : 'No previous figure to compare with'}</Text>
        <Text size="xs" c="dimmed">
          {previous}
          {change?.noise ? ` ${change.noise}` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}

export function ReportChanges({ trends }: { trends: TrendsResponse }) {
  const { current, previous } = trends.totals;
  const count = (key: 'incidents' | 'near_misses' | 'high_critical', label: string): Tile => ({
    label,
    value: String(current[key]),
    change: periodChange(current[key], previous[key]),
    previous: `Previous period: ${previous[key]}.`,
  });
  const [now, before] = [current.resolve_median_minutes, previous.resolve_median_minutes];
  const median: Tile = {
    label: 'Median Time to Resolve',
    value: now === null ? 'N/A' : minutesText(now),
    change:
      now === null || before === null
        ? null
        : periodChange(now, before, { current: current.resolved, previous: previous.resolved }),
    unit: minutesText,
    previous: `Previous period: ${before === null ? 'N/A' : minutesText(before)} (${previous.resolved} resolved).`,
  };
  return (
    <section aria-labelledby="report-changes" className={classes.section}>
      <Title order={2} size="h3" id="report-changes" mb={4}>
        Change Against the Previous Period
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {trends.period.from} to {trends.period.to}, against {trends.previous.from} to {trends.previous.to}{' '}
        (UTC days).
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <ChangeTile {...count('incidents', 'Incidents')} />
        <ChangeTile {...count('high_critical', 'High + Critical')} />
        <ChangeTile {...count('near_misses', 'Near-misses')} />
        <ChangeTile {...median} />
      </SimpleGrid>
    </section>
  );
}
