// /dashboard (docs/product.md §2): what needs attention (decision 038), then the four panels in order (timer, Department Overview, stats cards, timeline), optional
// widgets chosen through "Customise", refresh on mount, every 30 s and on live events, and presentation mode.
import { lazy, memo, Suspense, useEffect } from 'react';
import { Button, Container, Group, SimpleGrid, Skeleton, Stack, Title, useMatches } from '@mantine/core';
import { Activity, X } from 'lucide-react';
import { useSession } from '../../lib/session/use-session';
import { usePageTitle } from '../../lib/use-page-title';
import { useAfterFirstPaint } from '../../lib/after-first-paint';
import { exitPresentationMode, usePresentationMode } from '../../lib/use-presentation-mode';
import type { ReadAhead } from '../../lib/api/read-ahead';
import { attentionQuery, useAttention } from './api/attention';
import { departmentStatsQuery } from './api/department-stats';
import { lastOopsQuery } from './api/last-oops';
import { oopsStatsQuery } from './api/oops-stats';
import { timelineOopsQuery } from './api/timeline-oops';
import { AttentionPanel } from './attention-panel';
import { PanelLoading } from './panel';
import { CustomiseMenu } from './customise-menu';
import classes from './dashboard.module.css';
import { DepartmentOverview, PRESENTATION_DEPARTMENT_CARDS } from './department-overview';
import { StatsCards } from './stats-cards';
import { TimelineWidget } from './timeline-widget';
import { TimerPanel } from './timer-panel';
import { WhenNearView } from '../../components/when-near-view';
import { useDashboardRefresh } from './use-dashboard-refresh';
import { usePresentationKeepAlive } from './use-presentation-keep-alive';
import { useWidgetLayout, type OptionalWidget } from './use-widget-layout';

// The optional widgets load only when chosen (Trends is chosen by default): their code stays out of the dashboard's
// first paint, which has a budget (scripts/measure-bundle.mjs, run by npm test).
// Feedback on the user's own reports (decision 049): its code loads after the first paint.
const FeedbackPanel = lazy(() => import('../triage').then((m) => ({ default: m.FeedbackPanel })));
const OPTIONAL: Record<OptionalWidget, React.LazyExoticComponent<() => React.JSX.Element>> = {
  trends: lazy(() => import('../trends').then((m) => ({ default: m.TrendsPanel }))),
  'recent-oops': lazy(() =>
    import('./recent-oops-widget').then((m) => ({ default: () => <m.RecentOopsWidget /> })),
  ),
  'quick-actions': lazy(() =>
    import('./quick-actions-widget').then((m) => ({ default: m.QuickActionsWidget })),
  ),
  'department-table': lazy(() =>
    import('./department-table-widget').then((m) => ({ default: m.DepartmentTableWidget })),
  ),
  'team-performance': lazy(() =>
    import('./team-performance-widget').then((m) => ({ default: m.TeamPerformanceWidget })),
  ),
};

/** The first screen's reads as the app starts on the dashboard (its route's read-ahead, web/app/read-ahead.ts). */
export const readDashboardAhead: ReadAhead = (queryClient) =>
  Promise.all([
    queryClient.prefetchQuery(attentionQuery()),
    queryClient.prefetchQuery(oopsStatsQuery()),
    queryClient.prefetchQuery(lastOopsQuery()),
    queryClient.prefetchQuery(departmentStatsQuery()),
    queryClient.prefetchQuery(timelineOopsQuery()),
  ]);

/**
 * The four panels, which render again only for their own data: the page renders again as its first load ends and
 * the optional widgets are read, and on a phone each render of these panels' few hundred components is a long task.
 */
const CorePanels = memo(function CorePanels({
  presenting,
  narrow,
}: {
  presenting: boolean;
  narrow: boolean;
}) {
  return (
    <>
      <TimerPanel />
      <DepartmentOverview limit={presenting ? PRESENTATION_DEPARTMENT_CARDS : undefined} />
      <StatsCards />
      <TimelineWidget height={presenting ? 300 : narrow ? 170 : 220} />
    </>
  );
});

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useSession();
  const presenting = usePresentationMode();
  const narrow = useMatches({ base: true, sm: false }, { getInitialValueInEffect: false });
  const { widgets, setWidgets } = useWidgetLayout(user?.id);
  useDashboardRefresh();
  usePresentationKeepAlive(presenting);
  // The toggle lives only on /dashboard, so leaving the page leaves presentation (and full screen) too.
  useEffect(() => () => exitPresentationMode(), []);
  const firstLoad = useAttention().isPending && !presenting;
  // Loaded after the first paint: its script and read would compete with the first screen's.
  const painted = useAfterFirstPaint();

  return (
    <Container
      fluid
      py="md"
      px={{ base: 'xs', sm: 'md' }}
      className={presenting ? classes.presenting : classes.page}
      data-presenting={presenting || undefined}
    >
      <Stack gap={narrow ? 'sm' : 'md'}>
        <Group justify="space-between" gap="sm">
          {presenting ? (
            <Group gap="sm" wrap="nowrap">
              <Activity size={36} aria-hidden />
              <span className={classes.logo} data-testid="presentation-logo">
                OopsBoard
              </span>
            </Group>
          ) : null}
          <Title order={1} size={presenting ? 'h2' : 'h1'}>
            Dashboard
          </Title>
          {presenting ? (
            // The navigation bar is hidden while presenting; this is its toggle's way out (Escape works too).
            <Button
              variant="default"
              leftSection={<X size={16} aria-hidden />}
              aria-pressed
              title="Exit Presentation Mode"
              onClick={exitPresentationMode}
            >
              Exit Presentation Mode
            </Button>
          ) : (
            <CustomiseMenu widgets={widgets} onChange={setWidgets} />
          )}
        </Group>
        {/* What needs attention comes first; the four panels below keep their order (docs/product.md §2). Until it
            has loaded, one placeholder holds the page and the panels load out of sight: the panels do not jump
            down when the attention lists (and a new team's checklist) arrive above them. */}
        {firstLoad && <PanelLoading label="Loading the dashboard" height="calc(100dvh - 200px)" />}
        {!presenting && !firstLoad && <AttentionPanel />}
        <div className={classes.grid} hidden={firstLoad}>
          <CorePanels presenting={presenting} narrow={narrow} />
        </div>
        {/* Trends spans the page's width: its two charts side by side need it. */}
        {!presenting && !firstLoad && widgets.includes('trends') && (
          // Its charts are the page's heaviest work: drawn when scrolled near, not with the first screen. Not before
          // the first load either: with the panels hidden, its place would be near the window at once.
          <WhenNearView minHeight={360}>
            <Suspense fallback={<Skeleton height={360} radius="md" />}>
              <OPTIONAL.trends />
            </Suspense>
          </WhenNearView>
        )}
        {!presenting && widgets.some((id) => id !== 'trends') && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {widgets
              .filter((id) => id !== 'trends')
              .map((id) => {
                const Widget = OPTIONAL[id];
                return (
                  <Suspense key={id} fallback={<Skeleton height={240} radius="md" />}>
                    <Widget />
                  </Suspense>
                );
              })}
          </SimpleGrid>
        )}
        {/* Last, below everything else, so its late arrival moves nothing on screen; loaded only once the page is in. */}
        {!presenting && !firstLoad && painted && (
          <Suspense fallback={null}>
            <FeedbackPanel />
          </Suspense>
        )}
      </Stack>
    </Container>
  );
}
