// Subscribes a component to the live-update stream while it is mounted (and `enabled`).
import { useEffect, useRef } from 'react';
import type { LiveEvent } from '../../../common/contracts/live';
import { readToken } from '../session/token-storage';
import { afterFirstPaint } from '../after-first-paint';
import { connectLive } from './live-client';

export function useLiveEvents(
  onEvent: (event: LiveEvent) => void,
  { enabled = true, onReconnect }: { enabled?: boolean; onReconnect?: () => void } = {},
): void {
  // Callbacks change every render; the stream must not reconnect because of that.
  const handlers = useRef({ onEvent, onReconnect });
  handlers.current = { onEvent, onReconnect };

  useEffect(() => {
    if (!enabled) return;
    // The stream opens once the page has painted: until then its request would compete with the page's own. A change
    // in that moment shows at the next refresh, as one between a page's reads and the stream's opening always did.
    let stop: (() => void) | undefined;
    let cancelled = false;
    void afterFirstPaint().then(() => {
      if (cancelled) return;
      stop = connectLive({
        getToken: readToken,
        onEvent: (event) => handlers.current.onEvent(event),
        onReconnect: () => handlers.current.onReconnect?.(),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [enabled]);
}
