// The team's incident types (decision 025): GET with the archived ones, and the owners' and admins' writes. A write
// refreshes every reader of the team's types (the log form's tiles share the key's prefix).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  incidentTypeSchema,
  incidentTypesResponse,
  type IncidentTypeInput,
  type IncidentTypeView,
  type IncidentTypesResponse,
} from '../../../../common/contracts/incident-types';
import { INCIDENT_TYPES_KEY } from '../../../lib/incident-types';
import { request } from '../../../lib/transport';

const BASE = '/api/team/current/incident-types';
/** The screens' reader shares the key's prefix (web/lib/incident-types). */
const KEY = INCIDENT_TYPES_KEY;

export function fetchAllIncidentTypes(signal?: AbortSignal): Promise<IncidentTypesResponse> {
  return request(`${BASE}?include_archived=1`, { schema: incidentTypesResponse, signal });
}

export const allIncidentTypesQuery = () =>
  queryOptions({ queryKey: [...KEY, 'all'], queryFn: ({ signal }) => fetchAllIncidentTypes(signal) });

export function useAllIncidentTypes() {
  return useQuery(allIncidentTypesQuery());
}

export type IncidentTypeChange =
  | { kind: 'create'; body: IncidentTypeInput }
  | { kind: 'update'; id: number; body: IncidentTypeInput }
  | { kind: 'archive' | 'restore'; id: number };

export function sendIncidentTypeChange(change: IncidentTypeChange): Promise<IncidentTypeView> {
  const common = { schema: incidentTypeSchema, retries: 0 } as const;
  switch (change.kind) {
    case 'create':
      return request(BASE, { ...common, method: 'POST', body: change.body });
    case 'update':
      return request(`${BASE}/${change.id}`, { ...common, method: 'PUT', body: change.body });
    default:
      return request(`${BASE}/${change.id}/${change.kind}`, { ...common, method: 'POST' });
  }
}

export function useChangeIncidentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendIncidentTypeChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
