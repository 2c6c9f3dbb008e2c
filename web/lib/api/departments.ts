// GET /api/oops/departments: a failure falls back to the default list without a message (docs/product.md §8).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_DEPARTMENTS } from '../../../common/domain/options';
import { schemaLater } from '../schema-later';
import { request } from '../transport';
import { oopsKeys } from './oops-keys';
import { READ_PATHS } from './first-reads';

const departmentsResponse = schemaLater(
  async () => (await import('../../../common/contracts/oops')).departmentsResponse,
);

export async function fetchDepartments(signal?: AbortSignal): Promise<string[]> {
  try {
    return await request(READ_PATHS.departments, { schema: departmentsResponse, signal, retries: 0 });
  } catch {
    return [...FALLBACK_DEPARTMENTS];
  }
}

export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: oopsKeys.departments(),
    queryFn: ({ signal }) => fetchDepartments(signal),
    staleTime: 5 * 60_000,
  });

/** The department names, the fallback list until (and unless) the server answers. */
export function useDepartments(): string[] {
  const { data } = useQuery(departmentsQueryOptions());
  return data ?? [...FALLBACK_DEPARTMENTS];
}
