// GET /api/team/current/custom-fields?include_archived=1 (custom fields, decision 026): the team's fields for the
// log form and the list filter (the active ones) and the detail page (archived ones still show their old values).
// The team feature's editor refreshes this key's prefix after a change.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomFieldView } from '../../../common/contracts/custom-fields';
import { schemaLater } from '../schema-later';
import { request } from '../transport';
import { READ_PATHS } from '../api/first-reads';

const customFieldsResponse = schemaLater(
  async () => (await import('../../../common/contracts/custom-fields')).customFieldsResponse,
);

export const CUSTOM_FIELDS_KEY = ['team', 'custom-fields'] as const;

export async function fetchTeamCustomFields(signal?: AbortSignal): Promise<CustomFieldView[]> {
  const body = await request(READ_PATHS.customFields, {
    schema: customFieldsResponse,
    signal,
  });
  return body.fields;
}

export const teamCustomFieldsQuery = () =>
  queryOptions({
    // Not the editor's [..., 'all'] key: that one caches the whole response, this one the list.
    queryKey: [...CUSTOM_FIELDS_KEY, 'incidents'],
    queryFn: ({ signal }) => fetchTeamCustomFields(signal),
    staleTime: 60_000,
  });

const NONE: CustomFieldView[] = [];

/** Every custom field of the team, archived ones included, in order; empty until the server answers. */
export function useTeamCustomFields(): CustomFieldView[] {
  return useQuery(teamCustomFieldsQuery()).data ?? NONE;
}

/** The fields a new value may be given: the active ones. */
export function useActiveCustomFields(): CustomFieldView[] {
  const all = useTeamCustomFields();
  return all.filter((field) => !field.archived);
}
