// The report's trends and distributions (decision 051) for its period: the change against the previous period,
// five charts of weeks and months, and the three durations' distributions, for every kind and severity or one.
import { useState } from 'react';
import { Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TrendsQuery, TrendsResponse } from '../../../common/contracts/trends';
import { SEVERITIES } from '../../../common/domain/options';
import { OOPS_KINDS, OOPS_KIND_LABELS } from '../../../common/domain/oops-options';
import { DURATION_MEASURES } from '../../../common/domain/trends';
import { useDepartments } from '../../lib/api/departments';
import { useDistributions } from './api/get-distributions';
import { useTrends } from './api/get-trends';
import { lastDays } from './api/params';
import { ChartFigure } from './chart-figure';
import { actionsSpec, learningSpec, repeatSpec, resolveSpec, weeklySpec, type ChartSpec } from './chart-data';
import { DurationSummaryCard } from './duration-summary';
import { TrendsError, TrendsLoading } from './query-state';
import { ReportChanges } from './report-changes';
import classes from './trends.module.css';

type Filters = Pick<TrendsQuery, 'kind' | 'severity' | 'department'>;

/** The report's trend charts, in order. */
const REPORT_CHARTS: {
  id: string;
  title: string;
  description: string;
  spec: (trends: TrendsResponse) => ChartSpec;
  kind: 'stacked' | 'lines';
}[] = [
  {
    id: 'report-weekly',
    title: 'Incidents and near-misses per week',
    description: 'Incidents by severity, and near-misses, logged each week',
    spec: weeklySpec,
    kind: 'stacked',
  },
  {
    id: 'report-resolve',
    title: 'Time to resolve per month',
    description: "Median and 90th percentile of the month's records",
    spec: resolveSpec,
    kind: 'lines',
  },
  {
    id: 'report-near-miss',
    title: 'Near-miss ratio per month',
    description: 'Near-misses logged per incident: more reports of near-misses is a healthy sign',
    spec: learningSpec,
    kind: 'lines',
  },
  {
    id: 'report-repeats',
    title: 'Repeat rate per month',
    description: "Share of the month's incidents that repeat an earlier one",
    spec: repeatSpec,
    kind: 'lines',
  },
  {
    id: 'report-actions',
    title: 'Action completion',
    description: 'Follow-up actions by the month they were created: done on time, done late, still open',
    spec: actionsSpec,
    kind: 'stacked',
  },
];

function FilterSelects({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const departments = useDepartments();
  return (
    <Group gap="sm" className={classes.noPrint} data-print="hide">
      <NativeSelect
        label="Kind"
        size="xs"
        value={filters.kind ?? ''}
        onChange={(e) =>
          onChange({ ...filters, kind: (e.currentTarget.value || undefined) as Filters['kind'] })
        }
        data={[
          { value: '', label: 'Every kind' },
          ...OOPS_KINDS.map((k) => ({ value: k, label: OOPS_KIND_LABELS[k] })),
        ]}
      />
      <NativeSelect
        label="Severity"
        size="xs"
        value={filters.severity ?? ''}
        onChange={(e) =>
          onChange({ ...filters, severity: (e.currentTarget.value || undefined) as Filters['severity'] })
        }
        data={[{ value: '', label: 'Every severity' }, ...SEVERITIES]}
      />
      <NativeSelect
        label="Department"
        size="xs"
        value={filters.department ?? ''}
        onChange={(e) => onChange({ ...filters, department: e.currentTarget.value || undefined })}
        data={[{ value: '', label: 'Every department' }, ...departments]}
      />
    </Group>
  );
}

const filterText = ({ kind, severity, department }: Filters) =>
  [
    kind ? OOPS_KIND_LABELS[kind] : 'Every kind',
    severity ?? 'every severity',
    department ?? 'every department',
  ].join(', ');

export function ReportTrends({ days }: { days: number }) {
  const [filters, setFilters] = useState<Filters>({});
  const params = { ...lastDays(days), ...filters };
  const trends = useTrends(params);
  const distributions = useDistributions(params);
  const retry = () => {
    if (trends.isError) void trends.refetch();
    if (distributions.isError) void distributions.refetch();
  };
  const failed = trends.isError || distributions.isError;
  return (
    <Stack gap="xl">
      {trends.data && !filters.kind && !filters.severity && !filters.department && (
        <ReportChanges trends={trends.data} />
      )}
      <section aria-labelledby="report-trends" className={classes.section}>
        <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
          <div>
            <Title order={2} size="h3" id="report-trends">
              Trends and Distributions
            </Title>
            <Text size="sm" c="dimmed">
              {filterText(filters)}. Durations read in days and hours; medians and the 90th percentile, as a
              mean hides how long the slow ones take.
            </Text>
          </div>
          <FilterSelects filters={filters} onChange={setFilters} />
        </Group>
        {failed ? (
          <TrendsError message="Failed to load trends" onRetry={retry} />
        ) : !trends.data || !distributions.data ? (
          <TrendsLoading label="Loading trends" height={480} />
        ) : (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {REPORT_CHARTS.map(({ spec, ...chart }) => (
                <ChartFigure key={chart.id} {...chart} spec={spec(trends.data)} />
              ))}
            </SimpleGrid>
            <Title order={3} size="h4">
              How Long Things Take
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
              {DURATION_MEASURES.map((measure) => (
                <DurationSummaryCard key={measure} measure={measure} summary={distributions.data[measure]} />
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </section>
    </Stack>
  );
}
