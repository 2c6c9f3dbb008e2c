// The timeline drawing in plain SVG (no chart library in the dashboard's first paint): one dot per incident on a
// time axis, lanes by severity, cluster markers, the trend line, and a tooltip on hover and keyboard focus.
import { useId, useState } from 'react';
import { Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import {
  axisPosition,
  axisTicks,
  daysAgoText,
  dotRadius,
  findClusters,
  severityLevel,
  trendLine,
} from '../../../common/domain/timeline-chart';
import type { TimelineOops } from './api/timeline-oops';
import classes from './dashboard.module.css';
import { severityColor } from '../../../common/domain/severity';

interface TimelineSvgProps {
  /** Incidents within the range. */
  items: TimelineOops[];
  range: number;
  now: Date;
  height?: number;
}

const PAD = { left: 18, right: 18, top: 34, bottom: 26 };
const LANES = 4;
const department = (item: TimelineOops) => item.area_department ?? item.department ?? 'No department';

export function dotLabel(item: TimelineOops, now: Date): string {
  return `${item.title}, ${item.severity}, ${daysAgoText(item.created_at, now)}, ${department(item)}`;
}

export function TimelineSvg({ items, range, now, height = 220 }: TimelineSvgProps) {
  const { ref, width: measured } = useElementSize();
  const width = Math.max(260, measured || 640);
  const navigate = useNavigate();
  const tooltipId = useId();
  const [active, setActive] = useState<number | null>(null);

  const innerWidth = width - PAD.left - PAD.right;
  const laneHeight = (height - PAD.top - PAD.bottom) / LANES;
  const xOf = (position: number) => PAD.left + position * innerWidth;
  const yOf = (level: number) => PAD.top + (LANES - 1 - level) * laneHeight + laneHeight / 2;

  // Oldest first, so newer dots are drawn on top of older ones.
  const points = items
    .map((item) => ({
      item,
      x: axisPosition(item.created_at, now, range),
      level: severityLevel(item.severity),
    }))
    .reverse();
  const clusters = findClusters(points.map((p) => p.x));
  const line = trendLine(points);
  const activePoint = active === null ? null : points[active];

  return (
    <div ref={ref} className={classes.chart}>
      <svg width={width} height={height} role="group" aria-label={`Incidents over the last ${range} days`}>
        {Array.from({ length: LANES }, (_, level) => (
          <line
            key={level}
            className={classes.gridLine}
            x1={PAD.left}
            x2={width - PAD.right}
            y1={yOf(level)}
            y2={yOf(level)}
            aria-hidden
          />
        ))}
        {axisTicks(range).map((tick) => (
          <text
            key={tick.label}
            className={classes.axisLabel}
            x={xOf(tick.position)}
            y={height - 6}
            textAnchor={tick.position === 0 ? 'start' : tick.position === 1 ? 'end' : 'middle'}
            aria-hidden
          >
            {tick.label}
          </text>
        ))}
        {line && (
          <line
            className={classes.trendLine}
            data-testid="trend-line"
            x1={xOf(line.x1)}
            y1={yOf(line.level1)}
            x2={xOf(line.x2)}
            y2={yOf(line.level2)}
            aria-hidden
          />
        )}
        {clusters.map((cluster) => {
          const x1 = xOf(cluster.start) - 8;
          const x2 = xOf(cluster.end) + 8;
          return (
            <g key={`${cluster.start}-${cluster.end}`} data-testid="cluster-marker" aria-hidden>
              <rect className={classes.clusterMarker} x={x1} y={6} width={x2 - x1} height={18} rx={9} />
              <text className={classes.clusterText} x={(x1 + x2) / 2} y={19} textAnchor="middle">
                {cluster.indexes.length}
              </text>
            </g>
          );
        })}
        {points.map((point, index) => (
          <a
            key={point.item.id}
            href={`/oops/${point.item.id_slug}`}
            className={classes.dot}
            aria-label={dotLabel(point.item, now)}
            aria-describedby={active === index ? tooltipId : undefined}
            data-testid="timeline-dot"
            onMouseEnter={() => setActive(index)}
            onMouseLeave={() => setActive(null)}
            onFocus={() => setActive(index)}
            onBlur={() => setActive(null)}
            onClick={(event) => {
              event.preventDefault();
              void navigate(`/oops/${point.item.id_slug}`);
            }}
          >
            <circle
              cx={xOf(point.x)}
              cy={yOf(point.level)}
              r={dotRadius(point.item.severity)}
              fill={`var(--mantine-color-${severityColor(point.item.severity)}-6)`}
            />
          </a>
        ))}
      </svg>
      {activePoint && (
        <div
          id={tooltipId}
          role="tooltip"
          className={classes.tooltip}
          style={{
            left: Math.min(Math.max(xOf(activePoint.x), 110), width - 110),
            top: yOf(activePoint.level) - dotRadius(activePoint.item.severity),
          }}
        >
          <Text size="sm" fw={700} lineClamp={2}>
            {activePoint.item.title}
          </Text>
          <Text size="xs">
            {activePoint.item.severity} · {daysAgoText(activePoint.item.created_at, now)}
          </Text>
          <Text size="xs" c="dimmed">
            {department(activePoint.item)}
          </Text>
        </div>
      )}
      {clusters.length > 0 && (
        <VisuallyHidden>
          {clusters
            .map(
              (c) =>
                `${c.indexes.length} incidents close together around ${Math.round((1 - c.center) * range)} days ago`,
            )
            .join('. ')}
        </VisuallyHidden>
      )}
    </div>
  );
}
