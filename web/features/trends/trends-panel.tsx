// The dashboard's Trends widget (decision 051): incidents and near-misses per week by severity, and the time to
// resolve as median and 90th percentile per month, over the last six months. Its charts load after the page's
// first paint.
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../common/domain/app-pages';
import { TRENDS_DEFAULT_DAYS } from '../../../common/domain/trends';
import { useTrends } from './api/get-trends';
import { lastDays } from './api/params';
import { ChartFigure } from './chart-figure';
import { resolveSpec, weeklySpec } from './chart-data';
import { TrendsError, TrendsLoading } from './query-state';

export function TrendsPanel() {
  const trends = useTrends(lastDays(TRENDS_DEFAULT_DAYS));
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby="trends-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="trends-title">
            Trends
          </Title>
          <Text size="xs" c="dimmed">
            The last 6 months.{' '}
            <Anchor component={Link} to={`/${PAGE_PATHS.executiveReport}?days=180`} size="xs">
              More in the executive report
            </Anchor>
          </Text>
        </div>
        {trends.isPending ? (
          <TrendsLoading label="Loading trends" />
        ) : trends.isError ? (
          <TrendsError message="Failed to load trends" onRetry={() => void trends.refetch()} />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <ChartFigure
              id="trend-weekly"
              title="Incidents and near-misses per week"
              description="Incidents by severity, and near-misses, logged each week"
              spec={weeklySpec(trends.data)}
              kind="stacked"
              order={3}
            />
            <ChartFigure
              id="trend-resolve"
              title="Time to resolve per month"
              description="Median and 90th percentile of the month's incidents"
              spec={resolveSpec(trends.data)}
              kind="lines"
              order={3}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
