// One duration's distribution: median, 90th percentile, how many records, the mean for comparison, and its
// histogram (decision 051). Durations read in days and hours (decision 046).
import { Group, Stack, Text } from '@mantine/core';
import type { DurationSummary } from '../../../common/contracts/trends';
import { DURATION_MEASURE_TEXTS, type DurationMeasure } from '../../../common/domain/trends';
import { ChartFigure } from './chart-figure';
import { histogramSpec, minutesText } from './chart-data';

const orNone = (minutes: number | null) => (minutes === null ? 'N/A' : minutesText(minutes));

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Stack>
  );
}

export function DurationSummaryCard({
  measure,
  summary,
}: {
  measure: DurationMeasure;
  summary: DurationSummary;
}) {
  const texts = DURATION_MEASURE_TEXTS[measure];
  return (
    <div data-testid={`distribution-${measure}`}>
      <ChartFigure
        id={`distribution-${measure}`}
        title={texts.title}
        description={`${texts.hint}: how many records took how long`}
        spec={histogramSpec(summary)}
        kind="bars"
        height={180}
        figures={
          <Group gap="lg" wrap="wrap">
            <Figure label="Median" value={orNone(summary.median_minutes)} />
            <Figure label="90th percentile" value={orNone(summary.p90_minutes)} />
            <Figure label="Records" value={String(summary.count)} />
            <Figure label="Mean" value={orNone(summary.mean_minutes)} />
          </Group>
        }
      />
    </div>
  );
}
