// Keeping the dashboard current (docs/product.md §2, §9): a dashboard refresh event fires on mount; a live event (GET
// /api/live) or a reconnect of the stream refreshes every widget at once; each widget also polls every 30 s.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../lib/live/use-live-events';
import { JUST_FETCHED_MS } from '../../lib/api/just-fetched';
import { DASHBOARD_KEY } from './api/query-keys';

/** Window event that asks every dashboard widget to refetch. */
export const DASHBOARD_REFRESH_EVENT = 'oopsboard:dashboard-refresh';
// A burst of events (a batch edit) becomes one refresh.
const LIVE_DEBOUNCE_MS = 150;

export function requestDashboardRefresh(): void {
  window.dispatchEvent(new Event(DASHBOARD_REFRESH_EVENT));
}

export function useDashboardRefresh(): void {
  const queryClient = useQueryClient();
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let mounting = true;
    const refresh = () => {
      // On mount the widgets are already fetching: mark stale without cancelling those requests, and leave answers
      // of the last few seconds alone (asked for as the app started, web/app/read-ahead.ts): they are the fresh
      // data the mount's refresh is for. Later refreshes cancel an in-flight request, which may have started
      // before the change being announced.
      const since = Date.now() - JUST_FETCHED_MS;
      void queryClient.invalidateQueries(
        {
          queryKey: DASHBOARD_KEY,
          predicate: (query) => !mounting || query.state.dataUpdatedAt < since,
        },
        { cancelRefetch: !mounting },
      );
    };
    window.addEventListener(DASHBOARD_REFRESH_EVENT, refresh);
    requestDashboardRefresh();
    mounting = false;
    return () => {
      window.removeEventListener(DASHBOARD_REFRESH_EVENT, refresh);
      if (debounce.current) clearTimeout(debounce.current);
    };
  }, [queryClient]);

  const onLive = () => {
    if (debounce.current) clearTimeout(debounce.current);
    debounce.current = setTimeout(requestDashboardRefresh, LIVE_DEBOUNCE_MS);
  };
  useLiveEvents(onLive, { onReconnect: onLive });
}
