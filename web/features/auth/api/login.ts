// POST /api/auth/login (docs/product.md §7). The response must carry both token and user (docs/product.md §5); the contract's schema
// enforces that, so a partial answer surfaces as 'Invalid response from server'.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { loginResponse, type loginBody } from '../../../../common/contracts/auth';
import { request } from '../../../lib/transport';

export type LoginInput = z.input<typeof loginBody>;
export type LoginResult = z.infer<typeof loginResponse>;

export function postLogin(body: LoginInput): Promise<LoginResult> {
  return request('/api/auth/login', { method: 'POST', body, schema: loginResponse });
}

export function useLogin() {
  return useMutation({ mutationFn: postLogin });
}
