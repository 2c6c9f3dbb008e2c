import { QueryClient } from '@tanstack/react-query';

/** Retries are the transport's job (docs/product.md §7: 4xx never, network/5xx up to 3), so React Query adds none. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
