// GET /api/oops/last-by-department (docs/product.md §3 Last-by-department), for the Department table widget.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { lastByDepartmentSchema } from '../../../../common/contracts/stats';
import { request } from '../../../lib/transport';
import { dashboardKeys, widgetPolling } from './query-keys';

export type LastByDepartment = z.infer<typeof lastByDepartmentSchema>;

export function fetchLastByDepartment(signal?: AbortSignal): Promise<LastByDepartment> {
  return request('/api/oops/last-by-department', { schema: lastByDepartmentSchema, signal });
}

export const lastByDepartmentQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.lastByDepartment,
    queryFn: ({ signal }) => fetchLastByDepartment(signal),
    ...widgetPolling,
  });

export const useLastByDepartment = () => useQuery(lastByDepartmentQuery());
