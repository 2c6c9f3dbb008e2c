// The interactive timeline (docs/product.md §2): 7d/30d/90d ranges (30d default), dots by severity, clusters, the trend badge
// and line, a legend, the 'All Clear!' empty state and the load error kinds of docs/product.md §4 with auto-retry.
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Minus, PartyPopper, Plus, RefreshCw, TrendingDown, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import {
  DASHBOARD_TEXTS,
  TIMELINE_ERROR_TEXTS,
  TIMELINE_RETRY,
  timelineErrorRetryable,
  type TimelineErrorKind,
} from '../../../common/domain/dashboard-texts';
import {
  ageInDays,
  alternateEmptyRange,
  DEFAULT_TIMELINE_RANGE,
  incidentsInRange,
  TIMELINE_RANGES,
  timelineTrend,
  TREND_LINE_MIN_INCIDENTS,
  type TimelineRange,
  type TimelineTrend,
} from '../../../common/domain/timeline-chart';
import { timelineErrorKindOf, useTimelineOops } from './api/timeline-oops';
import { badgeTone } from '../../components/badge-tone';
import { Panel, PanelLoading } from './panel';
import { TimelineLegend } from './timeline-legend';
import { TimelineSvg } from './timeline-svg';
import { useNow } from './use-now';

const ERROR_TEXT: Record<TimelineErrorKind, string> = {
  network: TIMELINE_ERROR_TEXTS.network,
  auth: TIMELINE_ERROR_TEXTS.auth,
  server: TIMELINE_ERROR_TEXTS.server,
  'no-data': TIMELINE_ERROR_TEXTS.noData,
  unknown: TIMELINE_ERROR_TEXTS.unknown,
};

function TrendBadge({ trend }: { trend: TimelineTrend }) {
  if (trend === 'need-data')
    return (
      <Badge {...badgeTone('gray')} leftSection={<Minus size={12} aria-hidden />} data-testid="trend-badge">
        {DASHBOARD_TEXTS.needData}
      </Badge>
    );
  const improving = trend === 'improving';
  return (
    <Badge
      {...badgeTone(improving ? 'green' : 'red')}
      leftSection={improving ? <TrendingDown size={12} aria-hidden /> : <TrendingUp size={12} aria-hidden />}
      data-testid="trend-badge"
    >
      {improving ? 'Improving' : 'Declining'}
    </Badge>
  );
}

function RangeButtons({ range, onChange }: { range: TimelineRange; onChange: (r: TimelineRange) => void }) {
  return (
    <Button.Group aria-label="Timeline range">
      {TIMELINE_RANGES.map((r) => (
        <Button
          key={r}
          size="xs"
          variant={r === range ? 'filled' : 'default'}
          aria-pressed={r === range}
          onClick={() => onChange(r)}
        >
          {r}d
        </Button>
      ))}
    </Button.Group>
  );
}

function TimelineError({ kind, onRetry }: { kind: TimelineErrorKind; onRetry: () => void }) {
  return (
    <Alert color="red" variant="outline" role="alert" title={ERROR_TEXT[kind]} data-error-kind={kind}>
      {timelineErrorRetryable(kind) && (
        <Button
          variant="default"
          size="xs"
          leftSection={<RefreshCw size={14} aria-hidden />}
          onClick={onRetry}
        >
          {DASHBOARD_TEXTS.tryAgain}
        </Button>
      )}
    </Alert>
  );
}

export function TimelineWidget({ height }: { height?: number }) {
  const [range, setRange] = useState<TimelineRange>(DEFAULT_TIMELINE_RANGE);
  const query = useTimelineOops();
  // Positions move slowly; once a minute is plenty (and keeps the chart from re-rendering every second).
  const now = useNow(60_000);
  const inRange = useMemo(() => incidentsInRange(query.data ?? [], now, range), [query.data, now, range]);
  const trend = timelineTrend(
    inRange.map((i) => ageInDays(i.created_at, now)),
    range,
  );
  const retrying =
    query.fetchStatus === 'fetching' &&
    query.failureCount > 0 &&
    timelineErrorKindOf(query.failureReason) === 'network';
  const retryNotice = retrying && (
    <Alert
      color="yellow"
      variant="outline"
      role="status"
      title={TIMELINE_ERROR_TEXTS.networkRetrying(query.failureCount, TIMELINE_RETRY.max)}
    />
  );
  const retry = () => void query.refetch();

  let body;
  if (query.isPending) {
    body = retryNotice || <PanelLoading label="Loading timeline" height={220} />;
  } else if (query.isError && !query.data) {
    body = <TimelineError kind={timelineErrorKindOf(query.error)} onRetry={retry} />;
  } else if (inRange.length === 0) {
    const other = alternateEmptyRange(range);
    body = (
      <Stack align="center" ta="center" gap="sm" py="md" data-testid="timeline-empty">
        <ThemeIcon variant="light" color="green" size={48} radius="xl" aria-hidden>
          <PartyPopper size={26} />
        </ThemeIcon>
        <Title order={3} size="h5">
          {DASHBOARD_TEXTS.allClear}
        </Title>
        <Text size="sm" c="dimmed">
          No incidents in the last {range} days.
        </Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to="/oops/new" leftSection={<Plus size={16} aria-hidden />}>
            {DASHBOARD_TEXTS.reportIncident}
          </Button>
          <Button variant="default" onClick={() => setRange(other)}>
            Show last {other} days
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        {retryNotice}
        {query.isError && !retrying && (
          <TimelineError kind={timelineErrorKindOf(query.error)} onRetry={retry} />
        )}
        <TimelineSvg items={inRange} range={range} now={now} height={height} />
        <Text size="sm" c="dimmed">
          {inRange.length} {inRange.length === 1 ? 'incident' : 'incidents'} in the last {range} days
        </Text>
        <TimelineLegend withTrendLine={inRange.length >= TREND_LINE_MIN_INCIDENTS} />
      </Stack>
    );
  }

  return (
    <Panel
      id="timeline"
      title="Incident Timeline"
      actions={
        <Group gap="xs" wrap="wrap">
          <TrendBadge trend={trend} />
          <RangeButtons range={range} onChange={setRange} />
        </Group>
      }
    >
      {body}
    </Panel>
  );
}
