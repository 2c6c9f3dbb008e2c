// GET /api/oops/{id}/actions: the incident's follow-up actions and the fixes a repeat showed did not hold. The cache
// keeps the whole answer; the writes of one action edit its list in place (withActions).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Action, FixNotHeld } from '../../../../common/contracts/actions';
import { schemaLater } from '../../../lib/schema-later';
import { request } from '../../../lib/transport';
import { JUST_FETCHED_MS } from '../../../lib/api/just-fetched';
import { oopsKeys } from '../../../lib/api/oops-keys';
import { READ_PATHS } from '../../../lib/api/first-reads';

const actionListResponse = schemaLater(
  async () => (await import('../../../../common/contracts/actions')).actionListResponse,
);

export type ActionList = { actions: Action[]; fixes_not_held?: FixNotHeld[] };

export function fetchActions(id: number, signal?: AbortSignal): Promise<ActionList> {
  return request(READ_PATHS.actions(id), { schema: actionListResponse, signal });
}

export const actionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: oopsKeys.actions(id),
    queryFn: ({ signal }) => fetchActions(id, signal),
    // The incident page asks for them with the incident (oops-detail-page.tsx).
    staleTime: JUST_FETCHED_MS,
  });

export function useActions(id: number) {
  return useQuery({ ...actionsQueryOptions(id), select: (list) => list.actions });
}

export function useFixesNotHeld(id: number) {
  return useQuery({ ...actionsQueryOptions(id), select: (list) => list.fixes_not_held ?? [] });
}

/** A cached list with its actions changed by `change`; nothing cached stays so. */
export const withActions =
  (change: (actions: Action[]) => Action[]) =>
  (old: ActionList | undefined): ActionList | undefined =>
    old ? { ...old, actions: change(old.actions) } : undefined;
