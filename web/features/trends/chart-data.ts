// The trends' and distributions' answers shaped as chart rows and table rows: one place decides the series, their
// labels, colours and units, so a chart and its table fallback always say the same thing.
import type { DurationSummary, TrendsResponse } from '../../../common/contracts/trends';
import { durationText } from '../../../common/domain/durations';
import { SEVERITIES } from '../../../common/domain/options';
import { severityColor } from '../../../common/domain/severity';

export interface Series {
  name: string;
  label: string;
  color: string;
}

/** A chart's data: its rows keyed by `key`, its series, and how a value reads (axis, tooltip and table). */
export interface ChartSpec {
  rows: Record<string, string | number | null>[];
  key: string;
  keyLabel: string;
  series: Series[];
  yLabel: string;
  format: (value: number) => string;
}

const NEAR_MISS = 'Near-misses';

export const weekLabel = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
export const monthLabel = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const count = (n: number) => String(Math.round(n));
/** A duration in minutes as people read it ("8 d 6 h"); axes and tables alike. */
export const minutesText = (n: number) => durationText(n);

export function weeklySpec(trends: TrendsResponse): ChartSpec {
  return {
    key: 'week',
    keyLabel: 'Week starting',
    yLabel: 'Records',
    format: count,
    series: [
      ...SEVERITIES.map((s) => ({ name: s, label: `${s} incidents`, color: `${severityColor(s)}.6` })),
      { name: NEAR_MISS, label: NEAR_MISS, color: 'cyan.6' },
    ],
    rows: trends.weeks.map((w) => ({ week: weekLabel(w.start), ...w.incidents, [NEAR_MISS]: w.near_misses })),
  };
}

export function resolveSpec(trends: TrendsResponse): ChartSpec {
  return {
    key: 'month',
    keyLabel: 'Month',
    yLabel: 'Time to resolve',
    format: minutesText,
    series: [
      { name: 'median', label: 'Median', color: 'blue.6' },
      { name: 'p90', label: '90th percentile', color: 'orange.6' },
    ],
    rows: trends.months.map((m) => ({
      month: monthLabel(m.start),
      median: m.resolve_median_minutes,
      p90: m.resolve_p90_minutes,
    })),
  };
}

export function learningSpec(trends: TrendsResponse): ChartSpec {
  return {
    key: 'month',
    keyLabel: 'Month',
    yLabel: 'Near-misses per incident',
    format: (n) => n.toFixed(2),
    series: [{ name: 'ratio', label: 'Near-misses per incident', color: 'cyan.6' }],
    rows: trends.months.map((m) => ({ month: monthLabel(m.start), ratio: m.near_miss_ratio })),
  };
}

export function repeatSpec(trends: TrendsResponse): ChartSpec {
  return {
    key: 'month',
    keyLabel: 'Month',
    yLabel: 'Repeat rate',
    format: (n) => `${Math.round(n)}%`,
    series: [{ name: 'rate', label: 'Incidents that repeat an earlier one', color: 'grape.6' }],
    rows: trends.months.map((m) => ({ month: monthLabel(m.start), rate: m.repeat_rate })),
  };
}

export function actionsSpec(trends: TrendsResponse): ChartSpec {
  return {
    key: 'month',
    keyLabel: 'Month created',
    yLabel: 'Actions',
    format: count,
    series: [
      { name: 'on_time', label: 'Done on time', color: 'teal.6' },
      { name: 'late', label: 'Done late', color: 'orange.6' },
      { name: 'open', label: 'Open', color: 'gray.6' },
    ],
    rows: trends.months.map((m) => ({
      month: monthLabel(m.start),
      on_time: m.actions_on_time,
      late: m.actions_late,
      open: m.actions_open,
    })),
  };
}

export function histogramSpec(summary: DurationSummary): ChartSpec {
  return {
    key: 'bin',
    keyLabel: 'Duration',
    yLabel: 'Records',
    format: count,
    series: [{ name: 'count', label: 'Records', color: 'blue.6' }],
    rows: summary.histogram.map((b) => ({ bin: b.bin, count: b.count })),
  };
}

/** Whether a chart has anything to draw: a line any value (a rate of 0 is a figure), bars any count above 0. */
export const hasData = (spec: ChartSpec, kind: 'stacked' | 'bars' | 'lines') =>
  spec.rows.some((row) =>
    spec.series.some((s) => typeof row[s.name] === 'number' && (kind === 'lines' || row[s.name] !== 0)),
  );
