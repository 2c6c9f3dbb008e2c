// Department Overview (docs/product.md §2): one card per department with incidents; empty state; presentation shows 3.
// A phone shows the cards as a compact list, its first rows and a button for the rest.
import { useState } from 'react';
import { Button, Stack, Text, ThemeIcon, Title, useMatches } from '@mantine/core';
import { Building2, ChevronDown, ChevronUp, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { DASHBOARD_TEXTS } from '../../../common/domain/dashboard-texts';
import { useDepartmentStats } from './api/department-stats';
import classes from './dashboard.module.css';
import { DepartmentCard } from './department-card';
import { Panel, PanelError, PanelLoading } from './panel';

/** Presentation mode shows only the first 3 department cards (docs/product.md §9). */
export const PRESENTATION_DEPARTMENT_CARDS = 3;

/** The rows a phone shows before "Show all": hiding a single row would save nothing. */
export const PHONE_DEPARTMENT_ROWS = 4;

export function DepartmentOverview({ limit }: { limit?: number }) {
  const narrow = useMatches({ base: true, sm: false }, { getInitialValueInEffect: false });
  const [all, setAll] = useState(false);
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
    const folds = limit === undefined && narrow && query.data.length > PHONE_DEPARTMENT_ROWS + 1;
    const cut = limit ?? (folds && !all ? PHONE_DEPARTMENT_ROWS : undefined);
    const shown = cut === undefined ? query.data : query.data.slice(0, cut);
    body = (
      <>
        {/* As many cards a row as the panel's width holds; a row's cards grow to fill it, so a short last row
            leaves no empty cell beside it. */}
        <div className={classes.departmentTiles} id="department-tiles">
          {shown.map((stat) => (
            <DepartmentCard key={stat.department} stat={stat} />
          ))}
        </div>
        {folds && (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setAll((a) => !a)}
            aria-expanded={all}
            aria-controls="department-tiles"
            style={{ alignSelf: 'flex-start' }}
            leftSection={all ? <ChevronUp size={14} aria-hidden /> : <ChevronDown size={14} aria-hidden />}
          >
            {all ? 'Show fewer departments' : `Show all ${query.data.length} departments`}
          </Button>
        )}
      </>
    );
  }
  return (
    // Centred in the row's height like the timer beside it, so neither card keeps an empty band at its bottom.
    <Panel id="departments" title={DASHBOARD_TEXTS.departmentOverview} fill>
      {body}
    </Panel>
  );
}
