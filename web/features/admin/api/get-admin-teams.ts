// GET /api/admin/teams?search=&limit=&offset= (docs/product.md §7 Administration): teams searched by name or owner id.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminTeamsResponse } from '../../../../common/contracts/admin';
import { request } from '../../../lib/transport';
import { listQueryString, type AdminListParams } from './get-admin-users';

export type AdminTeams = z.infer<typeof adminTeamsResponse>;
export type AdminTeam = AdminTeams['teams'][number];

export function getAdminTeams(params: AdminListParams, signal?: AbortSignal): Promise<AdminTeams> {
  return request(`/api/admin/teams?${listQueryString(params)}`, { schema: adminTeamsResponse, signal });
}

export const adminTeamsQuery = (params: AdminListParams) =>
  queryOptions({
    queryKey: ['admin', 'teams', params],
    queryFn: ({ signal }) => getAdminTeams(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminTeams(params: AdminListParams) {
  return useQuery(adminTeamsQuery(params));
}
