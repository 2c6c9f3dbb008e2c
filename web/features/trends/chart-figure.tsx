// One chart with its title, its axes' units and a table fallback: the table is always there for screen readers
// (visually hidden), and "Show as table" shows it to everyone in place of the drawing.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { ChartColumn, Table2 } from 'lucide-react';
import { hasData, type ChartSpec } from './chart-data';
import classes from './trends.module.css';

const Chart = lazy(async () => ({ default: (await import('./charts')).Chart }));

interface ChartFigureProps {
  id: string;
  title: string;
  /** What the chart shows, in a sentence (under the title, and the table's caption). */
  description: string;
  spec: ChartSpec;
  kind: 'stacked' | 'bars' | 'lines';
  height?: number;
  /** The heading level of the title (2 on the dashboard's panel, 3 in a report section). */
  order?: 3 | 4;
  /** Figures shown under the title, before the drawing (a distribution's median, p90…). */
  figures?: ReactNode;
}

function ChartTable({ spec, caption }: { spec: ChartSpec; caption: string }) {
  const cell = (value: string | number | null) => (typeof value === 'number' ? spec.format(value) : '—');
  return (
    <Table striped withTableBorder className={classes.table}>
      <caption>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{spec.keyLabel}</Table.Th>
          {spec.series.map((s) => (
            <Table.Th key={s.name} scope="col">
              {s.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {spec.rows.map((row) => (
          <Table.Tr key={String(row[spec.key])}>
            <Table.Th scope="row">{row[spec.key]}</Table.Th>
            {spec.series.map((s) => (
              <Table.Td key={s.name}>{cell(row[s.name] ?? null)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ChartFigure({
  id,
  title,
  description,
  spec,
  kind,
  height = 220,
  order = 3,
  figures,
}: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  const empty = !hasData(spec, kind);
  const table = <ChartTable spec={spec} caption={`${title}: ${description}`} />;
  return (
    <Paper withBorder p="md" className={classes.figure} component="figure" aria-labelledby={`${id}-title`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <div>
            <Title order={order} size="h5" id={`${id}-title`}>
              {title}
            </Title>
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          </div>
          {!empty && (
            <Button
              variant="subtle"
              size="compact-xs"
              className={classes.noPrint}
              aria-pressed={asTable}
              leftSection={asTable ? <ChartColumn size={14} aria-hidden /> : <Table2 size={14} aria-hidden />}
              onClick={() => setAsTable((v) => !v)}
            >
              {asTable ? 'Show as chart' : 'Show as table'}
            </Button>
          )}
        </Group>
        {figures}
        {empty ? (
          <Text size="sm" c="dimmed" className={classes.empty}>
            Nothing to show for this period.
          </Text>
        ) : asTable ? (
          table
        ) : (
          <>
            <div
              aria-hidden
              className={classes.chart}
              data-testid={`${id}-chart`}
              style={{ minHeight: height }}
            >
              <Suspense fallback={<Skeleton height={height} />}>
                <Chart spec={spec} kind={kind} height={height} />
              </Suspense>
            </div>
            <VisuallyHidden>{table}</VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
