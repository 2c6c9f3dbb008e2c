// The log's filters, sort and view in the URL (decision 041), through nuqs: a reload or a shared link opens the
// same page. Custom field filters (cf.<key>) keep their own parameters (custom-field-filter.tsx): their names
// depend on the team, which a fixed parser list cannot declare.
import { parseAsArrayOf, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { useSearchParams } from 'react-router';
import {
  OOPS_SORT_DIRS,
  OOPS_SORT_KEYS,
  type OopsSortDir,
  type OopsSortKey,
} from '../../../common/contracts/oops-list-filters';
import { LOG_VIEWS, type LogView } from '../../../common/contracts/saved-views';
import { CUSTOM_FIELD_FILTER_PREFIX } from '../../../common/domain/custom-field-limits';
import { OOPS_KINDS, OOPS_STATUSES, SEVERITIES } from '../../../common/domain/oops-options';
import type { ListOopsFilters } from '../../lib/api/oops-keys';

export const listParsers = {
  search: parseAsString.withDefault(''),
  status: parseAsStringLiteral(OOPS_STATUSES),
  kind: parseAsStringLiteral(OOPS_KINDS),
  severity: parseAsArrayOf(parseAsStringLiteral(SEVERITIES)).withDefault([]),
  department: parseAsString,
  type: parseAsString,
  tag: parseAsString,
  owner: parseAsString,
  occurred_from: parseAsString,
  occurred_to: parseAsString,
  overdue: parseAsStringLiteral(['true', 'false'] as const),
  sort: parseAsStringLiteral(OOPS_SORT_KEYS),
  dir: parseAsStringLiteral(OOPS_SORT_DIRS),
  view: parseAsStringLiteral(LOG_VIEWS),
};

export type ListState = ReturnType<typeof useQueryStates<typeof listParsers>>[0];
export type SetListState = ReturnType<typeof useQueryStates<typeof listParsers>>[1];

/** The parameters of the table's filters as the API takes them (sorted by name: equal filters, one query key). */
const TABLE_PARAMS = ['department', 'type', 'tag', 'owner', 'occurred_from', 'occurred_to', 'overdue'] as const;

/** The filters the page shows, as the list's query key and the API's parameters carry them. */
export function toListFilters(state: ListState, params: URLSearchParams): ListOopsFilters {
  const table: [string, string][] = [];
  if (state.kind) table.push(['kind', state.kind]);
  if (state.severity.length) table.push(['severity', state.severity.join(',')]);
  for (const name of TABLE_PARAMS) {
    const value = state[name];
    if (value) table.push([name, value]);
  }
  if (state.sort) table.push(['sort', state.sort]);
  if (state.dir) table.push(['dir', state.dir]);
  const custom = [...params.entries()]
    .filter(([name]) => name.startsWith(CUSTOM_FIELD_FILTER_PREFIX))
    .map(([name, value]) => [name.slice(CUSTOM_FIELD_FILTER_PREFIX.length), value] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return {
    search: state.search.trim().slice(0, 200),
    status: state.status ?? '',
    ...(table.length > 0 ? { table } : {}),
    ...(custom.length > 0 ? { custom } : {}),
  };
}

/** How many of the filters bar's filters are set (not the search, sort or view): its button says so. */
export function activeFilterCount(filters: ListOopsFilters): number {
  const table = (filters.table ?? []).filter(([name]) => name !== 'sort' && name !== 'dir').length;
  return table + (filters.status ? 1 : 0) + (filters.custom?.length ?? 0);
}

/** Parameters "Clear filters" keeps: the search, the sort and the view are not filters of the bar. */
const KEPT_ON_CLEAR = new Set(['search', 'sort', 'dir', 'view']);

/**
 * The page's parameters without any filter (the bar's, the status and the custom fields'), for one write of the URL:
 * nuqs and the router each writing their own part would take two, the second from a stale copy of the first.
 */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const [name, value] of params) {
    if (KEPT_ON_CLEAR.has(name) || !(name in listParsers || name.startsWith(CUSTOM_FIELD_FILTER_PREFIX))) {
      next.append(name, value);
    }
  }
  return next;
}

export interface ListFiltersHook {
  state: ListState;
  set: SetListState;
  filters: ListOopsFilters;
  sort: { key: OopsSortKey; dir: OopsSortDir };
  setView: (view: LogView) => void;
}

/**
 * The page's URL state; every change replaces the history entry, as typing a filter is not a navigation. Not
 * shallow: the router hears each change too, so its search parameters (the custom field filters, a saved view's
 * query) never lag behind nuqs's.
 */
export function useListFilters(): ListFiltersHook {
  const [state, set] = useQueryStates(listParsers, { history: 'replace', shallow: false });
  const [params] = useSearchParams();
  return {
    state,
    set,
    filters: toListFilters(state, params),
    sort: { key: state.sort ?? 'created', dir: state.dir ?? 'desc' },
    setView: (view) => void set({ view }),
  };
}
