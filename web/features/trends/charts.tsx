// The chart drawings (recharts through @mantine/charts). Only ever loaded lazily (./chart-figure.tsx), so recharts
// stays out of the pages' first paint (decision 051). The drawing is hidden from assistive technology: the table
// beside it says the same.
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import type { ChartSpec } from './chart-data';

interface ChartProps {
  spec: ChartSpec;
  kind: 'stacked' | 'bars' | 'lines';
  height: number;
}

export function Chart({ spec, kind, height }: ChartProps) {
  const common = {
    h: height,
    data: spec.rows,
    dataKey: spec.key,
    series: spec.series.map(({ name, label, color }) => ({ name, label, color })),
    valueFormatter: spec.format,
    xAxisLabel: spec.keyLabel,
    yAxisLabel: spec.yLabel,
    withLegend: spec.series.length > 1,
    legendProps: { verticalAlign: 'bottom' as const },
    tickLine: 'xy' as const,
    gridAxis: 'y' as const,
    yAxisProps: { width: 76 },
  };
  if (kind === 'lines') {
    return (
      <LineChart
        {...common}
        connectNulls
        curveType="monotone"
        lineChartProps={{ accessibilityLayer: false }}
      />
    );
  }
  return (
    <BarChart
      {...common}
      type={kind === 'stacked' ? 'stacked' : 'default'}
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
