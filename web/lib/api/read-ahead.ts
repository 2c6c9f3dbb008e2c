import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/**
 * What a signed-in page will ask for, asked for as the app starts (web/app/read-ahead.ts): a page's route names it in
 * its `handle`, so its data is on the way together with the session check rather than after it.
 */
export type ReadAhead = (queryClient: QueryClient, params: Params) => Promise<unknown>;

export interface PageHandle {
  readAhead?: ReadAhead;
}
