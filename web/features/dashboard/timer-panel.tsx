// The 'Time Since Last Oops' panel (docs/product.md §2): a live timer ticking every second, coloured by days, with Best
// Streak, Last Oops and Last Incident cards; the no-incident texts; and near-misses as a positive signal.
import type { ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { CalendarDays, ListChecks, PartyPopper, ShieldCheck, Trophy, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { DASHBOARD_TEXTS } from '../../../common/domain/dashboard-texts';
import { DAY_MS, streakBadge, timerColor, timerPulses } from '../../../common/domain/dashboard';
import { TIMINGS } from '../../../common/domain/options';
import { useLastOops } from './api/last-oops';
import { useOopsStats } from './api/oops-stats';
import { badgeTone } from '../../components/badge-tone';
import classes from './dashboard.module.css';
import { formatDate } from '../../lib/format';
import { splitElapsed } from './elapsed';
import { Panel, PanelError, PanelLoading } from './panel';
import { SeverityBadge } from '../../components/severity-badge';
import { useNow } from './use-now';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

function NearMisses({ count }: { count: number }) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid="near-misses">
      <ThemeIcon variant="light" color="teal" size="md" radius="xl" aria-hidden>
        <ShieldCheck size={16} />
      </ThemeIcon>
      <Text size="sm">
        <strong>{count}</strong> {count === 1 ? 'near-miss' : 'near-misses'} reported (30 d)
        {count > 0 ? ': caught before they became incidents.' : ''}
      </Text>
    </Group>
  );
}

/** The team's follow-up actions: overdue ones are what a learning board should not let slip. */
function ActionsSignal({ open, overdue }: { open: number; overdue: number }) {
  if (open === 0) return null;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="actions-signal">
      <ThemeIcon variant="light" color={overdue > 0 ? 'red' : 'blue'} size="md" radius="xl" aria-hidden>
        <ListChecks size={16} />
      </ThemeIcon>
      <Text size="sm">
        <strong>{open}</strong> open follow-up {open === 1 ? 'action' : 'actions'}
        {overdue > 0 && (
          <Text span size="sm" c="var(--mantine-color-error)" fw={600}>
            , {overdue} overdue
          </Text>
        )}
        {' · '}
        <Anchor component={Link} to="/actions" size="sm">
          My Actions
        </Anchor>
      </Text>
    </Group>
  );
}

/**
 * The figures that change every second, in a component of their own with plain elements: the tick re-renders these
 * few nodes, not the panel and its cards (on a phone a render of the whole panel each second was a long task).
 */
function TimerCount({ since }: { since: string }) {
  const now = useNow(TIMINGS.timerTickMs);
  const elapsedMs = now.getTime() - Date.parse(since);
  const parts = splitElapsed(elapsedMs);
  const days = daysSince(since, now);
  const spoken = UNITS.map(([key, label]) => `${parts[key]} ${label.toLowerCase()}`).join(', ');
  return (
    <div
      className={`${classes.timer} ${timerPulses(days) ? classes.pulse : ''}`}
      data-color={timerColor(days)}
      data-testid="timer"
      role="timer"
      aria-label={`${spoken} since the last incident`}
    >
      <div className={classes.timerUnits}>
        {UNITS.map(([key, label]) => (
          <div key={key} className={classes.timerUnit} aria-hidden>
            <div className={classes.timerValue} data-testid={`timer-${key}`}>
              {key === 'days' ? parts[key] : String(parts[key]).padStart(2, '0')}
            </div>
            <div className={classes.timerLabel}>{label}</div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Whole days since `since`, never negative (a clock slightly behind the server's). */
function daysSince(since: string, now: Date): number {
  return Math.floor(Math.max(0, now.getTime() - Date.parse(since)) / DAY_MS);
}

/** The running streak can overtake the best one between refreshes; days change slowly, so a minute's tick will do. */
function BestStreak({ best: bestSoFar, since }: { best: number; since: string }) {
  const now = useNow(60_000);
  const best = Math.max(bestSoFar, daysSince(since, now));
  return (
    <>
      <Text fw={700} data-testid="best-streak">
        {best} {best === 1 ? 'day' : 'days'}
      </Text>
      <Badge {...badgeTone('blue')} size="sm">
        {streakBadge(best)}
      </Badge>
    </>
  );
}

function InfoCard({
  label,
  icon,
  children,
  className,
}: {
  label: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" className={className}>
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap">
          {icon}
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function TimerPanel() {
  const stats = useOopsStats();
  const last = useLastOops();

  let body: ReactNode;
  if (stats.isPending) {
    body = <PanelLoading label="Loading timer" height={160} />;
  } else if (stats.isError && !stats.data) {
    body = <PanelError message={DASHBOARD_TEXTS.timerFailed} onRetry={() => void stats.refetch()} />;
  } else if (stats.data.last_oops_at === null) {
    body = (
      <Stack gap="sm" align="center" ta="center" py="md" data-testid="perfect-record">
        <ThemeIcon variant="light" color="green" size={56} radius="xl" aria-hidden>
          <PartyPopper size={30} />
        </ThemeIcon>
        <Title order={3}>{DASHBOARD_TEXTS.perfectRecord}</Title>
        <Badge {...badgeTone('green')} size="lg">
          {DASHBOARD_TEXTS.allSystemsGo}
        </Badge>
        <Text>{DASHBOARD_TEXTS.noIncidentsYet}</Text>
        <Text c="dimmed">{DASHBOARD_TEXTS.keepItUp}</Text>
        <NearMisses count={stats.data.near_misses} />
        <ActionsSignal open={stats.data.open_actions} overdue={stats.data.overdue_actions} />
      </Stack>
    );
  } else {
    const s = stats.data;
    const since = stats.data.last_oops_at;
    body = (
      <Stack gap="md">
        <TimerCount since={since} />
        {/* Two a row on a phone, Last Incident (a title) across both; three a row from a tablet's width. */}
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <InfoCard label="Best Streak" icon={<Trophy size={16} aria-hidden />}>
            <BestStreak best={s.best_streak_days} since={since} />
          </InfoCard>
          <InfoCard label="Last Oops" icon={<CalendarDays size={16} aria-hidden />}>
            <Text fw={700}>{formatDate(s.last_oops_at)}</Text>
          </InfoCard>
          <InfoCard
            label="Last Incident"
            icon={<TriangleAlert size={16} aria-hidden />}
            className={classes.acrossOnPhone}
          >
            {last.data ? (
              <>
                <Anchor component={Link} to={`/oops/${last.data.id_slug}`} fw={700} lineClamp={2}>
                  {last.data.title}
                </Anchor>
                <div>
                  <SeverityBadge severity={last.data.severity} />
                </div>
              </>
            ) : last.isError ? (
              <Text size="sm" c="var(--mantine-color-error)">
                {DASHBOARD_TEXTS.timerFailed}
              </Text>
            ) : (
              <Skeleton height={20} />
            )}
          </InfoCard>
        </SimpleGrid>
        <NearMisses count={s.near_misses} />
        <ActionsSignal open={s.open_actions} overdue={s.overdue_actions} />
      </Stack>
    );
  }

  return (
    <Panel id="timer" title="Time Since Last Oops" fill>
      {body}
    </Panel>
  );
}
