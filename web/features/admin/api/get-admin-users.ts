// GET /api/admin/users?search=&limit=&offset= (docs/product.md §7 Administration): searched server-side, paged, with totals.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminUsersResponse } from '../../../../common/contracts/admin';
import { request } from '../../../lib/transport';

export type AdminUsers = z.infer<typeof adminUsersResponse>;
export type AdminUser = AdminUsers['users'][number];

export interface AdminListParams {
  search: string;
  limit: number;
  offset: number;
}

export function listQueryString({ search, limit, offset }: AdminListParams): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (search.trim()) params.set('search', search.trim());
  return params.toString();
}

export function getAdminUsers(params: AdminListParams, signal?: AbortSignal): Promise<AdminUsers> {
  return request(`/api/admin/users?${listQueryString(params)}`, { schema: adminUsersResponse, signal });
}

export const adminUsersQuery = (params: AdminListParams) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    // The table keeps the last page on screen while the next search or page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: AdminListParams) {
  return useQuery(adminUsersQuery(params));
}
