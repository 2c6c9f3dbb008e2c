// GET /api/team/current/incident-types (decision 025): the team's template tiles and the other types it may pick.
// Until (and unless) the server answers, the built-in templates and decision 005's list stand in, as before.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  INCIDENT_TEMPLATES,
  UNTEMPLATED_TYPES,
  type IncidentTemplate,
} from '../../../common/domain/templates';
import { schemaLater } from '../schema-later';
import { request } from '../transport';
import { READ_PATHS } from '../api/first-reads';

/** The answer of both incident-type reads; its contract loads after the first paint (decision 059). */
export const incidentTypesResponse = schemaLater(
  async () => (await import('../../../common/contracts/incident-types')).incidentTypesResponse,
);

/** Shared with the team feature's editor, which refreshes it after a change. */
export const INCIDENT_TYPES_KEY = ['team', 'incident-types'] as const;

export interface TeamTypes {
  templates: IncidentTemplate[];
  others: string[];
  /** The id of each of the team's types by name: a custom field is required for type ids (custom fields). */
  ids: Record<string, number>;
}

const BUILT_IN: TeamTypes = { templates: [...INCIDENT_TEMPLATES], others: [...UNTEMPLATED_TYPES], ids: {} };

export async function fetchTeamTypes(signal?: AbortSignal): Promise<TeamTypes> {
  try {
    const body = await request(READ_PATHS.incidentTypes, {
      schema: incidentTypesResponse,
      signal,
      retries: 0,
    });
    return {
      templates: body.incident_types,
      others: body.other_types,
      ids: Object.fromEntries(body.incident_types.map((t) => [t.name, t.id])),
    };
  } catch {
    return BUILT_IN;
  }
}

export const teamTypesQuery = () =>
  queryOptions({
    queryKey: [...INCIDENT_TYPES_KEY, 'active'],
    queryFn: ({ signal }) => fetchTeamTypes(signal),
    staleTime: 60_000,
  });

/** The team's active types, the built-ins until the server answers. */
export function useTeamTypes(): TeamTypes {
  const { data } = useQuery(teamTypesQuery());
  return data ?? BUILT_IN;
}
