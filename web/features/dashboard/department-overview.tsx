// Department Overview (docs/product.md §2): one card per department with incidents; empty state; presentation shows 3.
import { Button, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Building2, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { DASHBOARD_TEXTS } from '../../../common/domain/dashboard-texts';
import { useDepartmentStats } from './api/department-stats';
import { DepartmentCard } from './department-card';
import { Panel, PanelError, PanelLoading } from './panel';

/** Presentation mode shows only the first 3 department cards (docs/product.md §9). */
export const PRESENTATION_DEPARTMENT_CARDS = 3;

export function DepartmentOverview({ limit }: { limit?: number }) {
  const query = useDepartmentStats();
  let body;
  if (query.isPending) {
    body = <PanelLoading label="Loading department statistics" />;
  } else if (query.isError && !query.data) {
    body = <PanelError message={DASHBOARD_TEXTS.departmentsFailed} onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = (
      <Stack align="center" ta="center" gap="sm" py="md">
        <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden>
          <Building2 size={26} />
        </ThemeIcon>
        <Title order={3} size="h5">
          {DASHBOARD_TEXTS.noDepartmentData}
        </Title>
        <Text size="sm" c="dimmed">
          Department health appears here once incidents are logged.
        </Text>
        <Button component={Link} to="/oops/new" leftSection={<Plus size={16} aria-hidden />}>
          {DASHBOARD_TEXTS.createFirstIncident}
        </Button>
      </Stack>
    );
  } else {
    const shown = limit === undefined ? query.data : query.data.slice(0, limit);
    body = (
      // Sized by the panel's own width: half a wide screen fits two cards, a wall display three.
      <SimpleGrid type="container" cols={{ base: 1, '420px': 2, '660px': 3 }} spacing="sm">
        {shown.map((stat) => (
          <DepartmentCard key={stat.department} stat={stat} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Panel id="departments" title={DASHBOARD_TEXTS.departmentOverview}>
      {body}
    </Panel>
  );
}
