import type { ReactNode } from 'react';
import { Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OopsStats } from '../../../common/contracts/stats';
import { TREND_EXPLANATIONS } from '../../../common/domain/report-texts';
import { daysText } from '../../../common/domain/durations';
import { mttrText, percent } from './report-format';
import classes from './report.module.css';

const TREND_SHADES = { Improving: 'green.6', 'Needs Attention': 'red.9', Stable: 'blue.8' } as const;

/** Actions completed in the period and how long they took, e.g. "3 completed this period, median 4 d 12 h". */
function completionHint({ actions_completed: done, median_days_to_complete: days }: OopsStats): string {
  const completed = `${done} completed this period`;
  return days === null ? completed : `${completed}, median ${daysText(days)}`;
}

/** Verified fixes of the period (decision 048), e.g. "1 didn't hold · 4 done, not yet verified". */
function verificationHint(stats: OopsStats): string {
  const failed = stats.actions_failed_verification ?? 0;
  const unverified = stats.actions_unverified ?? 0;
  return `${failed} didn't hold · ${unverified} done, not yet verified`;
}

/** One figure of the report: a label, the value and a line that says what it means (shared by the report's cards). */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint: string }) {
  return (
    <Paper withBorder p="md" className={classes.card}>
      <Stack gap={4}>
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <div className={classes.figure}>{value}</div>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The summary cards: totals, this period, High + Critical, MTTR, data quality, follow-through and trend. */
export function ReportSummary({ stats, periodLabel }: { stats: OopsStats; periodLabel: string }) {
  return (
    <section aria-labelledby="report-summary" className={classes.section}>
      <Title order={2} size="h3" id="report-summary" mb="sm">
        Summary
      </Title>
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md">
        <StatCard label="Total Incidents" value={stats.total_oops} hint="All time" />
        <StatCard label="This Period" value={stats.recent_oops} hint={periodLabel} />
        <StatCard label="High + Critical" value={stats.high_critical} hint="High or Critical, this period" />
        <StatCard
          label="Mean Time to Resolve"
          value={mttrText(stats.mttr_minutes)}
          hint={`${stats.resolved_count} resolved this period`}
        />
        <StatCard
          label="Data Quality"
          value={percent(stats.avg_completeness)}
          hint="Average completeness of this period's records"
        />
        <StatCard
          label="Follow-up Actions"
          value={`${stats.overdue_actions} overdue`}
          hint={`${stats.open_actions} open now, across all incidents`}
        />
        <StatCard
          label="Action Completion"
          value={percent(stats.action_completion_rate)}
          hint={completionHint(stats)}
        />
        {stats.actions_verified !== undefined && (
          <StatCard
            label="Verified Fixes"
            value={`${stats.actions_verified} verified`}
            hint={verificationHint(stats)}
          />
        )}
        <StatCard
          label="Lessons Adopted"
          value={stats.lessons_adopted}
          hint="Lessons put into practice this period"
        />
        {stats.triage_median_hours !== undefined && (
          <StatCard
            label="Time to Triage"
            value={mttrText(
              stats.triage_median_hours === null ? null : Math.round(stats.triage_median_hours * 60),
            )}
            hint="Median, near-misses and learning moments triaged this period"
          />
        )}
        {stats.triaged_within_7_days_rate !== undefined && (
          <StatCard
            label="Triaged Within 7 Days"
            value={percent(stats.triaged_within_7_days_rate)}
            hint="Of this period's reports whose first 7 days are over"
          />
        )}
        <StatCard
          label="Trend"
          value={
            <Badge size="lg" variant="filled" autoContrast color={TREND_SHADES[stats.trend]}>
              {stats.trend}
            </Badge>
          }
          hint={`${TREND_EXPLANATIONS[stats.trend]} Previous period: ${stats.previous_period_oops}.`}
        />
      </SimpleGrid>
    </section>
  );
}
