// GET /api/team/current/incident-types?include_archived=1 (decision 025): every type name the team's incidents may
// carry, archived ones included (old lessons are filtered by them too); decision 005's list until it answers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INCIDENT_TYPES } from '../../../common/domain/oops-options';
import { request } from '../transport';
import { incidentTypesResponse } from './team-types';

export async function fetchTypeNames(signal?: AbortSignal): Promise<string[]> {
  try {
    const body = await request('/api/team/current/incident-types?include_archived=1', {
      schema: incidentTypesResponse,
      signal,
      retries: 0,
    });
    return [...body.incident_types.map((t) => t.name), ...body.other_types];
  } catch {
    return [...INCIDENT_TYPES];
  }
}

const typeNamesQuery = () =>
  queryOptions({
    queryKey: ['team', 'incident-types', 'names'],
    queryFn: ({ signal }) => fetchTypeNames(signal),
    staleTime: 60_000,
  });

export function useTypeNames(): string[] {
  const { data } = useQuery(typeNamesQuery());
  return data ?? [...INCIDENT_TYPES];
}
