import { Group, Text } from '@mantine/core';
import { SEVERITY_DOTS } from '../../../common/domain/timeline-chart';
import classes from './dashboard.module.css';

/** What the dots, markers and line mean. */
export function TimelineLegend({ withTrendLine }: { withTrendLine: boolean }) {
  return (
    <Group
      gap="md"
      wrap="wrap"
      component="ul"
      aria-label="Legend"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {Object.entries(SEVERITY_DOTS).map(([severity, dot]) => (
        <Group key={severity} component="li" gap={6} wrap="nowrap">
          <span
            className={classes.legendDot}
            style={{
              width: dot.radius * 2,
              height: dot.radius * 2,
              background: `var(--mantine-color-${dot.color}-6)`,
            }}
            aria-hidden
          />
          <Text size="xs">{severity}</Text>
        </Group>
      ))}
      <Group component="li" gap={6} wrap="nowrap">
        <svg width={22} height={14} aria-hidden>
          <rect className={classes.clusterMarker} x={1} y={1} width={20} height={12} rx={6} />
        </svg>
        <Text size="xs">Cluster (3+ close together)</Text>
      </Group>
      {withTrendLine && (
        <Group component="li" gap={6} wrap="nowrap">
          <svg width={22} height={14} aria-hidden>
            <line className={classes.trendLine} x1={0} y1={7} x2={22} y2={7} />
          </svg>
          <Text size="xs">Severity trend</Text>
        </Group>
      )}
    </Group>
  );
}
