// Subscribes a component to the live-update stream while it is mounted (and `enabled`).
import { useEffect, useRef } from 'react';
import type { LiveEvent } from '../../../common/contracts/live';
import { readToken } from '../session/token-storage';
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
    return connectLive({
      getToken: readToken,
      onEvent: (event) => handlers.current.onEvent(event),
      onReconnect: () => handlers.current.onReconnect?.(),
    });
  }, [enabled]);
}
