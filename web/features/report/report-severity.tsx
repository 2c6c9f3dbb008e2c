import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OopsStats } from '../../../common/contracts/stats';
import { SEVERITIES } from '../../../common/domain/options';
import { severityColor } from '../../../common/domain/severity';
import { barShare } from './report-format';
import classes from './report.module.css';
import { severityAxis } from './severity-axis';

/**
 * Severity breakdown of the period as labelled bars. Each bar has its severity written before it and its count
 * after it, so the chart reads the same on a black-and-white printout (the print style hatches the bars). An axis
 * under the bars gives their scale.
 */
export function ReportSeverity({ breakdown }: { breakdown: OopsStats['severity_breakdown'] }) {
  const axis = severityAxis(Math.max(...SEVERITIES.map((s) => breakdown[s])));
  return (
    <section aria-labelledby="report-severity" className={classes.section}>
      <Title order={2} size="h3" id="report-severity" mb="sm">
        Severity Breakdown
      </Title>
      <Paper withBorder p="md" className={classes.card}>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {SEVERITIES.map((severity) => (
            <Group key={severity} gap="sm" wrap="nowrap" component="li">
              <Text size="sm" fw={600} className={classes.severityLabel}>
                {severity}
              </Text>
              <div className={classes.barTrack} aria-hidden>
                <div
                  className={classes.barFill}
                  style={{
                    width: `${barShare(breakdown[severity], axis.max)}%`,
                    ['--bar-color' as string]: `var(--mantine-color-${severityColor(severity)}-filled)`,
                  }}
                />
              </div>
              <Text size="sm" className={classes.count}>
                {breakdown[severity]}
              </Text>
            </Group>
          ))}
        </Stack>
        <Group gap="sm" wrap="nowrap" mt={4} aria-hidden data-testid="severity-axis">
          <span className={classes.severityLabel} />
          <div className={classes.axis}>
            {axis.ticks.map((tick) => (
              <span key={tick} className={classes.tick} style={{ left: `${barShare(tick, axis.max)}%` }}>
                {tick}
              </span>
            ))}
          </div>
          <span className={classes.count} />
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          Incidents in the period
        </Text>
      </Paper>
    </section>
  );
}
