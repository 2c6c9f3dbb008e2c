// Query keys of the incident area, in one place so that a save can update or invalidate exactly what it changed.
import type { OopsStatus } from '../../../common/domain/oops-options';

/** The list's filters: part of its query key, so they live with the keys. */
export interface ListOopsFilters {
  search: string;
  status: OopsStatus | '';
  /** Custom field filters (`cf.<key>=<value>`), sorted by key so equal filters make one query key. */
  custom?: readonly (readonly [key: string, value: string])[];
  /** The table's filters and sort (decision 041) as query parameters, in one order (use-list-filters.ts). */
  table?: readonly (readonly [name: string, value: string])[];
}

/** The actions page's filters (GET /api/actions), as the URL and the query key carry them. */
export interface TeamActionFilters {
  mine: boolean;
  status: 'open' | 'done' | '';
  overdue: boolean;
  ownerId: number | null;
  department: string;
}

export const oopsKeys = {
  all: ['oops'] as const,
  lists: () => [...oopsKeys.all, 'list'] as const,
  list: (filters: ListOopsFilters) => [...oopsKeys.lists(), filters] as const,
  detail: (id: number) => [...oopsKeys.all, 'detail', id] as const,
  actions: (id: number) => [...oopsKeys.all, 'actions', id] as const,
  allTeamActions: () => [...oopsKeys.all, 'team-actions'] as const,
  teamActions: (filters: TeamActionFilters) => [...oopsKeys.allTeamActions(), filters] as const,
  departments: () => [...oopsKeys.all, 'departments'] as const,
  similar: (text: string) => [...oopsKeys.all, 'similar', text] as const,
  related: (id: number) => [...oopsKeys.all, 'related', id] as const,
};
