// GET /api/oops/reported-by-me (decision 024): the caller's confidential reports. Lists are cached per team and
// shared by every viewer, so "Reported by you" on a list card comes from this per-viewer call, made only when a
// confidential report is on screen (one request for all cards).
import { useQuery } from '@tanstack/react-query';
import { reportedByMeResponse } from '../../../../common/contracts/confidential';
import { request } from '../../../lib/transport';

export function useReportedByMe(enabled: boolean): ReadonlySet<number> {
  const mine = useQuery({
    queryKey: ['oops', 'reported-by-me'],
    queryFn: ({ signal }) => request('/api/oops/reported-by-me', { schema: reportedByMeResponse, signal }),
    enabled,
    select: (data) => new Set(data.ids),
  });
  return mine.data ?? EMPTY;
}

const EMPTY: ReadonlySet<number> = new Set();
