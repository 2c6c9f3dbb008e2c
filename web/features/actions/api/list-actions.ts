// GET /api/oops/{id}/actions: the incident's follow-up actions.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { actionListResponse, type Action } from '../../../../common/contracts/actions';
import { request } from '../../../lib/transport';
import { oopsKeys } from '../../../lib/api/oops-keys';

export async function fetchActions(id: number, signal?: AbortSignal): Promise<Action[]> {
  return (await request(`/api/oops/${id}/actions`, { schema: actionListResponse, signal })).actions;
}

export const actionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: oopsKeys.actions(id), queryFn: ({ signal }) => fetchActions(id, signal) });

export function useActions(id: number) {
  return useQuery(actionsQueryOptions(id));
}
