// The team's custom fields (custom fields): GET with the archived ones, and the owners' and admins'
// writes. A write refreshes every reader of the team's fields (the log form, the detail page and the list filter
// share the key's prefix).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  customFieldSchema,
  customFieldsResponse,
  type CreateCustomFieldInput,
  type CustomFieldView,
  type CustomFieldsResponse,
  type UpdateCustomFieldInput,
} from '../../../../common/contracts/custom-fields';
import { CUSTOM_FIELDS_KEY } from '../../../lib/custom-fields';
import { request } from '../../../lib/transport';

const BASE = '/api/team/current/custom-fields';
/** The screens' reader shares the key's prefix (web/lib/custom-fields). */
const KEY = CUSTOM_FIELDS_KEY;

export function fetchAllCustomFields(signal?: AbortSignal): Promise<CustomFieldsResponse> {
  return request(`${BASE}?include_archived=1`, { schema: customFieldsResponse, signal });
}

export const allCustomFieldsQuery = () =>
  queryOptions({ queryKey: [...KEY, 'all'], queryFn: ({ signal }) => fetchAllCustomFields(signal) });

export function useAllCustomFields() {
  return useQuery(allCustomFieldsQuery());
}

export type CustomFieldChange =
  | { kind: 'create'; body: CreateCustomFieldInput }
  | { kind: 'update'; id: number; body: UpdateCustomFieldInput }
  | { kind: 'archive' | 'restore'; id: number }
  | { kind: 'order'; ids: number[] };

export async function sendCustomFieldChange(
  change: CustomFieldChange,
): Promise<CustomFieldView | CustomFieldsResponse> {
  const common = { schema: customFieldSchema, retries: 0 } as const;
  switch (change.kind) {
    case 'create':
      return request(BASE, { ...common, method: 'POST', body: change.body });
    case 'update':
      return request(`${BASE}/${change.id}`, { ...common, method: 'PUT', body: change.body });
    case 'order':
      return request(`${BASE}/order`, {
        schema: customFieldsResponse,
        retries: 0,
        method: 'PUT',
        body: { ids: change.ids },
      });
    default:
      return request(`${BASE}/${change.id}/${change.kind}`, { ...common, method: 'POST' });
  }
}

export function useChangeCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCustomFieldChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
