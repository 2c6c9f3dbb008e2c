// The log's toolbar (decision 041): cards or table, the filters' panel, the sort (the table's headers sort too, the
// cards only here) and the saved views.
import { ActionIcon, Badge, Button, Group, NativeSelect, SegmentedControl, VisuallyHidden } from '@mantine/core';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Filter } from 'lucide-react';
import {
  OOPS_SORT_KEYS,
  type OopsSortDir,
  type OopsSortKey,
} from '../../../common/contracts/oops-list-filters';
import type { LogView } from '../../../common/contracts/saved-views';
import type { ReactNode } from 'react';

export const SORT_LABELS: Record<OopsSortKey, string> = {
  created: 'Logged',
  occurred: 'Occurred',
  severity: 'Severity',
  status: 'Status',
  kind: 'Kind',
  department: 'Department',
  type: 'Type',
  owner: 'Owner',
  time_to_resolve: 'Time to resolve',
  completeness: 'Completeness',
  open_actions: 'Open actions',
  overdue_actions: 'Overdue actions',
};

interface Props {
  view: LogView;
  onView: (view: LogView) => void;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  activeFilters: number;
  sort: { key: OopsSortKey; dir: OopsSortDir };
  onSort: (key: OopsSortKey, dir: OopsSortDir) => void;
  search: string;
  onClearSearch: () => void;
  /** The saved views' menu (composed by the route: another feature's). */
  savedViews?: ReactNode;
  /** The spec's status filter, first in the bar. */
  status: ReactNode;
}

export function ListToolbar(props: Props) {
  const { sort, onSort } = props;
  const flip = sort.dir === 'desc' ? 'asc' : 'desc';
  return (
    <Group justify="space-between" align="flex-end" gap="xs">
      <Group gap="xs" align="flex-end">
        {props.status}
        <SegmentedControl
          aria-label="Show incidents as"
          size="xs"
          value={props.view}
          onChange={(value) => props.onView(value)}
          data={[
            { value: 'cards', label: 'Cards' },
            { value: 'table', label: 'Table' },
          ]}
        />
        <Button
          // Outline, not light, when open: the light variant's hover (blue-2 under blue-8 text) is 4.0:1, below axe's bar.
          variant={props.filtersOpen ? 'outline' : 'default'}
          size="xs"
          leftSection={<Filter aria-hidden size={14} />}
          onClick={props.onToggleFilters}
          aria-expanded={props.filtersOpen}
          aria-controls="log-filters"
          rightSection={
            props.activeFilters > 0 ? (
              <Badge size="xs" circle>
                {props.activeFilters}
                <VisuallyHidden> active</VisuallyHidden>
              </Badge>
            ) : undefined
          }
        >
          Filters
        </Button>
        {props.search && (
          <Button variant="subtle" size="xs" onClick={props.onClearSearch}>
            Clear search
          </Button>
        )}
      </Group>
      <Group gap="xs" align="flex-end">
        <NativeSelect
          aria-label="Sort by"
          size="xs"
          value={sort.key}
          data={OOPS_SORT_KEYS.map((key) => ({ value: key, label: `Sort: ${SORT_LABELS[key]}` }))}
          onChange={(e) => onSort(e.currentTarget.value as OopsSortKey, sort.dir)}
        />
        {/* An icon the inputs' height: sort, direction and saved views share one line on a phone. */}
        <ActionIcon
          variant="default"
          size="input-xs"
          onClick={() => onSort(sort.key, flip)}
          aria-label={sort.dir === 'desc' ? 'Descending: sort ascending' : 'Ascending: sort descending'}
        >
          {sort.dir === 'desc' ? <ArrowDownWideNarrow aria-hidden size={16} /> : <ArrowUpNarrowWide aria-hidden size={16} />}
        </ActionIcon>
        {props.savedViews}
      </Group>
    </Group>
  );
}
