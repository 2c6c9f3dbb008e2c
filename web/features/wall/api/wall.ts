// GET /api/wall: everything the wall shows, with the screen's display token or else this tab's session. Polled:
// the live stream stays with sessions (decision 009), and a screen on the wall only needs fresh figures every 30 s.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { wallResponse, type WallData } from '../../../../common/contracts/wall';
import { WALL_LIMITS } from '../../../../common/domain/wall';
import { request } from '../../../lib/transport';

export function fetchWall(displayToken: string | null, signal?: AbortSignal): Promise<WallData> {
  return request('/api/wall', { schema: wallResponse, signal, bearer: displayToken ?? undefined });
}

export const wallQuery = (displayToken: string | null) =>
  queryOptions({
    queryKey: ['wall', displayToken ? 'display' : 'session'] as const,
    queryFn: ({ signal }) => fetchWall(displayToken, signal),
    refetchInterval: WALL_LIMITS.refreshMs,
    // A TV never has focus to regain: the interval runs in the background too.
    refetchIntervalInBackground: true,
    retry: false,
  });

export function useWall(displayToken: string | null, enabled: boolean) {
  return useQuery({ ...wallQuery(displayToken), enabled });
}
