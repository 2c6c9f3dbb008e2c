// GET /api/oops/last: the newest incident, for the Last Incident card. 404 means there is none (docs/product.md §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { oopsSummarySchema } from '../../../../common/contracts/oops';
import { schemaLater } from '../../../lib/schema-later';
import { ApiError, request } from '../../../lib/transport';
import { dashboardKeys, widgetPolling } from './query-keys';
import { READ_PATHS } from '../../../lib/api/first-reads';

// The route answers these fields of an incident summary (server/features/dashboard/routes.ts).
const FIELDS = {
  id: true,
  id_slug: true,
  title: true,
  severity: true,
  area_department: true,
  created_at: true,
} as const;
export type LastOops = Pick<z.infer<typeof oopsSummarySchema>, keyof typeof FIELDS>;

const lastOopsSchema = schemaLater(async () =>
  (await import('../../../../common/contracts/oops')).oopsSummarySchema.pick(FIELDS),
);

/** The newest incident, or null when the team has none. */
export async function fetchLastOops(signal?: AbortSignal): Promise<LastOops | null> {
  try {
    return await request(READ_PATHS.lastOops, { schema: lastOopsSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const lastOopsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.last,
    queryFn: ({ signal }) => fetchLastOops(signal),
    ...widgetPolling,
  });

export const useLastOops = () => useQuery(lastOopsQuery());
