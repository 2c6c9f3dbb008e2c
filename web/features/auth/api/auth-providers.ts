// GET /api/auth/providers: whether single sign-on is offered (and its button text), and whether it is the only way.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authProvidersResponse, type AuthProviders } from '../../../../common/contracts/sso';
import { request } from '../../../lib/transport';

export function fetchAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return request('/api/auth/providers', { schema: authProvidersResponse, signal });
}

export const authProvidersQuery = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    // Set by the installation's environment: it changes only with a restart.
    staleTime: Infinity,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQuery());
}

/** Where the single sign-on button sends the browser (a full page load: the provider is another site). */
export function oidcStartHref(returnTo: string | null, remember = false): string {
  const params = new URLSearchParams();
  if (returnTo) params.set('returnTo', returnTo);
  if (remember) params.set('remember', '1');
  const query = params.toString();
  return query ? `/api/auth/oidc/start?${query}` : '/api/auth/oidc/start';
}
