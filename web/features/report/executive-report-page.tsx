import {
  Alert,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { FilePlus2, Printer, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { REPORT_PERIODS } from '../../../common/domain/dashboard';
import { REPORT_TEXTS } from '../../../common/domain/report-texts';
import { useSession } from '../../lib/session/use-session';
import { usePageTitle } from '../../lib/use-page-title';
import { ReportTrends } from '../trends';
import { useDepartmentStats } from './api/get-department-stats';
import { useRecentOops } from './api/get-recent-oops';
import { useReportStats } from './api/get-report-stats';
import { ReportDepartments } from './report-departments';
import { MetricsButton } from './metrics-button';
import { generatedAt } from './report-format';
import { ReportRecent } from './report-recent';
import { ReportRecommendations } from './report-recommendations';
import { ReportRecurrence } from './report-recurrence';
import { ReportSeverity } from './report-severity';
import { ReportSummary } from './report-summary';
import classes from './report.module.css';
import { useReportPeriod } from './use-report-period';

function ReportSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading the report">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={104} />
        ))}
      </SimpleGrid>
      <Skeleton height={140} />
      <Skeleton height={180} />
    </Stack>
  );
}

/** docs/product.md §2 executive report: a period's figures for leadership, printable as a clean PDF (Export PDF). */
export function ExecutiveReportPage() {
  usePageTitle(REPORT_TEXTS.title);
  const { user } = useSession();
  const [period, setDays] = useReportPeriod();
  const stats = useReportStats(period.days);
  const departments = useDepartmentStats();
  const recent = useRecentOops();
  const failed = stats.isError || departments.isError || recent.isError;
  const ready = stats.data && departments.data && recent.data && !failed;

  const retry = () => {
    if (stats.isError) void stats.refetch();
    if (departments.isError) void departments.refetch();
    if (recent.isError) void recent.refetch();
  };

  return (
    <Container size="lg" py="xl" className={classes.report}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4}>
            <Title order={1}>{REPORT_TEXTS.title}</Title>
            <Text c="dimmed">
              {user?.team?.name ? `${user.team.name} · ` : ''}
              {period.label}
            </Text>
          </Stack>
          <Group gap="sm" align="flex-end" className={classes.noPrint} data-print="hide">
            <NativeSelect
              label={REPORT_TEXTS.periodLabel}
              value={String(period.days)}
              onChange={(event) => setDays(Number(event.currentTarget.value))}
              data={REPORT_PERIODS.map((p) => ({ value: String(p.days), label: p.label }))}
            />
            <Button
              leftSection={<Printer size={16} aria-hidden />}
              onClick={() => window.print()}
              disabled={!ready}
            >
              {REPORT_TEXTS.exportPdf}
            </Button>
            <MetricsButton days={period.days} disabled={!ready} />
          </Group>
        </Group>

        {failed && (
          <Alert color="red" variant="outline" role="alert" title={REPORT_TEXTS.loadFailed}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Check your connection and try again.</Text>
              <Button
                size="xs"
                variant="default"
                onClick={retry}
                leftSection={<RotateCcw size={14} aria-hidden />}
              >
                Try again
              </Button>
            </Stack>
          </Alert>
        )}

        {!failed && !ready && <ReportSkeleton />}

        {ready && (
          <>
            {stats.data.total_oops === 0 && recent.data.oops.length === 0 && (
              <Paper withBorder p="md" className={classes.noPrint}>
                <Group justify="space-between" gap="sm">
                  <Text>{REPORT_TEXTS.empty}</Text>
                  <Button
                    component={Link}
                    to="/oops/new"
                    variant="light"
                    leftSection={<FilePlus2 size={16} aria-hidden />}
                  >
                    Log Oops
                  </Button>
                </Group>
              </Paper>
            )}
            <ReportSummary stats={stats.data} periodLabel={period.label} />
            <ReportSeverity breakdown={stats.data.severity_breakdown} />
            <ReportTrends days={period.days} />
            <ReportRecurrence stats={stats.data} />
            <ReportDepartments departments={departments.data} />
            <ReportRecent list={recent.data} />
            <ReportRecommendations recommendations={stats.data.recommendations} />
            <Text size="sm" c="dimmed" data-testid="report-generated">
              Generated {generatedAt(new Date(stats.dataUpdatedAt))}
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
