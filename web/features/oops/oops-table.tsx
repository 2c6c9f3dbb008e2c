// The log as a table (decision 041): one compact row per incident, every column but the title sortable by the server
// (the sort is in the URL), the title a link that opens the incident (Enter on it from the keyboard). Narrow
// screens get a compact list of the same rows instead (log-compact-list.tsx).
import 'mantine-datatable/styles.css';
import { Anchor, Badge, Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { Link } from 'react-router';
import type { OopsSummary } from '../../../common/contracts/oops';
import type { OopsSortDir, OopsSortKey } from '../../../common/contracts/oops-list-filters';
import { OOPS_KIND_LABELS } from '../../../common/domain/oops-options';
import { resolutionState } from '../../../common/domain/resolution';
import { durationText } from '../../../common/domain/durations';
import { SeverityBadge } from '../../components/severity-badge';
import { formatDate } from '../../lib/format';
import { StatusBadge } from '../../components/status-badge';
import { InReviewBadge } from './in-review-badge';
import { LogCompactList } from './log-compact-list';

interface Props {
  rows: OopsSummary[];
  sort: { key: OopsSortKey; dir: OopsSortDir };
  onSort: (key: OopsSortKey, dir: OopsSortDir) => void;
}

/** From when it happened (or was logged) to when it was resolved, as the server sorts it; empty until resolved. */
export function timeToResolve(oops: OopsSummary): string {
  if (!oops.resolved_at) return '—';
  const minutes = (Date.parse(oops.resolved_at) - Date.parse(oops.occurred_at ?? oops.created_at)) / 60_000;
  if (!Number.isFinite(minutes) || minutes < 0) return '—';
  return durationText(minutes);
}

const text = (value: string | null | undefined) => value || '—';
const WIDE = '(min-width: 90em)';

const COLUMNS: DataTableColumn<OopsSummary>[] = [
  {
    accessor: 'title',
    title: 'Title',
    render: (o) => (
      <Anchor
        component={Link}
        to={`/oops/${o.id_slug}`}
        size="xs"
        fw={600}
        truncate="end"
        maw={220}
        display="block"
      >
        {o.title}
      </Anchor>
    ),
  },
  {
    accessor: 'severity',
    title: 'Severity',
    sortable: true,
    render: (o) => <SeverityBadge severity={o.severity} size="xs" />,
  },
  {
    accessor: 'status',
    title: 'Status',
    sortable: true,
    // Open and resolved, awaiting its review (decision 042): the state a reader looks for says it. The badge keeps
    // its whole word: a table cell would otherwise squeeze it to "RE…".
    render: (o) => (
      <Box miw="max-content">
        {resolutionState(o) === 'in_review' ? (
          <InReviewBadge size="xs" />
        ) : (
          <StatusBadge status={o.status} size="xs" />
        )}
      </Box>
    ),
  },
  // Kind and type make way below 1440 px, so that the action counts fit a 1366 px window without a sideways scroll;
  // both stay filters and sorts in the toolbar.
  {
    accessor: 'kind',
    title: 'Kind',
    sortable: true,
    visibleMediaQuery: WIDE,
    render: (o) => OOPS_KIND_LABELS[o.kind],
  },
  { accessor: 'department', title: 'Department', sortable: true, render: (o) => text(o.area_department) },
  { accessor: 'type', title: 'Type', sortable: true, visibleMediaQuery: WIDE, render: (o) => text(o.oops_type) },
  { accessor: 'owner', title: 'Owner', sortable: true, render: (o) => text(o.owner_name) },
  { accessor: 'occurred', title: 'Occurred', sortable: true, render: (o) => formatDate(o.occurred_at) },
  { accessor: 'created', title: 'Logged', sortable: true, render: (o) => formatDate(o.created_at) },
  { accessor: 'time_to_resolve', title: 'Time to resolve', sortable: true, render: timeToResolve },
  {
    accessor: 'completeness',
    title: 'Complete',
    sortable: true,
    textAlign: 'right',
    render: (o) => `${o.completeness}%`,
  },
  {
    accessor: 'open_actions',
    title: 'Open actions',
    sortable: true,
    textAlign: 'right',
    render: (o) => o.open_actions,
  },
  {
    accessor: 'overdue_actions',
    title: 'Overdue',
    sortable: true,
    textAlign: 'right',
    render: (o) =>
      o.overdue_actions > 0 ? (
        <Badge color="red" variant="light" size="sm">
          {o.overdue_actions}
        </Badge>
      ) : (
        0
      ),
  },
];

export function OopsTable({ rows, sort, onSort }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <LogCompactList rows={rows} />;
  const sortStatus: DataTableSortStatus<OopsSummary> = { columnAccessor: sort.key, direction: sort.dir };
  return (
    <DataTable<OopsSummary>
      aria-label="Incidents"
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      // Compact: one line a row (no wrapping), so that 15 rows and more fit a 1366×900 window.
      verticalSpacing={3}
      horizontalSpacing="xs"
      fz="xs"
      defaultColumnProps={{ noWrap: true }}
      records={rows}
      idAccessor="id"
      columns={COLUMNS}
      sortStatus={sortStatus}
      onSortStatusChange={(status) => onSort(status.columnAccessor as OopsSortKey, status.direction)}
    />
  );
}
