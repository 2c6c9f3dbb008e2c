import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { departmentBadgeColor } from '../../../common/domain/dashboard';
import { REPORT_LIMITS, REPORT_TEXTS } from '../../../common/domain/report-texts';
import type { DepartmentStats } from './api/get-department-stats';
import { averageImpactText, daysSinceText } from './report-format';
import classes from './report.module.css';

// Shades of the spec's department colours whose badge text (autoContrast) keeps AA contrast.
const BADGE_SHADES = { red: 'red.9', orange: 'orange.6', yellow: 'yellow.5', green: 'green.6' } as const;

/** The first 6 departments (docs/product.md §2, §9): days since the last incident, total incidents, average impact. */
export function ReportDepartments({ departments }: { departments: DepartmentStats }) {
  const shown = departments.slice(0, REPORT_LIMITS.departmentsShown);
  return (
    <section aria-labelledby="report-departments" className={classes.section}>
      <Title order={2} size="h3" id="report-departments" mb="sm">
        Department Overview
      </Title>
      {shown.length === 0 ? (
        <Text c="dimmed">{REPORT_TEXTS.noDepartments}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {shown.map((d) => (
            <Paper key={d.department} withBorder p="md" className={classes.card}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Title order={3} size="h5">
                    {d.department}
                  </Title>
                  <Badge
                    variant="filled"
                    autoContrast
                    color={BADGE_SHADES[departmentBadgeColor(d.days_since_last)]}
                  >
                    {daysSinceText(d.days_since_last)}
                  </Badge>
                </Group>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    Total incidents
                  </Text>
                  <Text size="sm" fw={700}>
                    {d.total_oops}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    Average impact
                  </Text>
                  <Text size="sm" fw={700}>
                    {averageImpactText(d.avg_impact)}
                  </Text>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
