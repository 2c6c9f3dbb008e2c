// Which way the log shows its rows, cards or table, remembered per user on this browser (decision 041): the URL's
// `view` first (a shared link or a saved view says how it was meant), then the user's last choice, then cards.
import { useSyncExternalStore } from 'react';
import { LOG_VIEWS, type LogView } from '../../../common/contracts/saved-views';

/** Keyed by the user, so that two people sharing a browser each keep their own. */
export const logViewKey = (userId: number) => `oopsboard.logView.${userId}`;

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function stored(userId: number | null): LogView | null {
  if (userId === null) return null;
  try {
    const value = localStorage.getItem(logViewKey(userId));
    return (LOG_VIEWS as readonly string[]).includes(value ?? '') ? (value as LogView) : null;
  } catch {
    return null; // storage refused (private mode): the choice simply is not remembered
  }
}

export function useLogView(
  userId: number | null,
  fromUrl: LogView | null,
  setUrl: (view: LogView) => void,
): [LogView, (view: LogView) => void] {
  const remembered = useSyncExternalStore(subscribe, () => stored(userId));
  const choose = (view: LogView) => {
    if (userId !== null) {
      try {
        localStorage.setItem(logViewKey(userId), view);
      } catch {
        // not remembered; the URL still says it
      }
    }
    listeners.forEach((listener) => listener());
    setUrl(view);
  };
  return [fromUrl ?? remembered ?? 'cards', choose];
}
