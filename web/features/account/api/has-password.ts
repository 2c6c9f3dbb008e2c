// GET /api/user/has-password (docs/product.md §7 User): chooses Set Password or Change Password.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { hasPasswordResponse } from '../../../../common/contracts/account';
import { request } from '../../../lib/transport';

export function fetchHasPassword(signal?: AbortSignal): Promise<z.infer<typeof hasPasswordResponse>> {
  return request('/api/user/has-password', { schema: hasPasswordResponse, signal });
}

export const hasPasswordQuery = () =>
  queryOptions({
    queryKey: ['account', 'has-password'],
    queryFn: ({ signal }) => fetchHasPassword(signal),
  });

export function useHasPassword() {
  return useQuery(hasPasswordQuery());
}
