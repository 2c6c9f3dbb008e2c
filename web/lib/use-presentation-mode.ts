// Presentation mode (docs/product.md §4): a boolean, off at start, tied to full-screen state. The nav toggle and the dashboard
// share it, and features may not import web/app, so it lives here as a tiny external store. Entering requests full
// screen from the click itself (browsers only grant it inside a user gesture); leaving full screen (Escape, F11)
// leaves presentation. While presenting, <html data-presenting> lets page styles hide the chrome.
import { useSyncExternalStore } from 'react';

let presenting = false;
const listeners = new Set<() => void>();

function publish(next: boolean): void {
  if (next === presenting) return;
  presenting = next;
  if (typeof document !== 'undefined') {
    if (next) document.documentElement.dataset.presenting = 'true';
    else delete document.documentElement.dataset.presenting;
  }
  listeners.forEach((listener) => listener());
}

// Only a full screen this module asked for ends presentation when it ends; a video's own full screen does not.
let ownsFullscreen = false;

function onFullscreenChange(): void {
  if (document.fullscreenElement) return;
  if (ownsFullscreen) {
    ownsFullscreen = false;
    publish(false);
  }
}

if (typeof document !== 'undefined') document.addEventListener('fullscreenchange', onFullscreenChange);

/** Enters presentation; asks for full screen when the browser offers it (it may refuse: presenting goes on). */
export function enterPresentationMode(): void {
  publish(true);
  const root = document.documentElement;
  if (document.fullscreenElement || typeof root.requestFullscreen !== 'function') return;
  root.requestFullscreen().then(
    () => {
      ownsFullscreen = true;
      // Left again before the browser granted it: give the screen back.
      if (!presenting) exitPresentationMode();
    },
    () => {
      // Refused (no user gesture, iframe policy): the page still presents, just not full screen.
    },
  );
}

/** Leaves presentation and the full screen it entered. */
export function exitPresentationMode(): void {
  publish(false);
  if (ownsFullscreen && document.fullscreenElement && typeof document.exitFullscreen === 'function') {
    ownsFullscreen = false;
    void document.exitFullscreen().catch(() => {
      // Already left (e.g. the user pressed Escape at the same moment).
    });
  }
}

/** Sets the flag directly (tests, and callers that manage full screen themselves). */
export function setPresentationMode(next: boolean): void {
  if (next) enterPresentationMode();
  else exitPresentationMode();
}

export function togglePresentationMode(): void {
  setPresentationMode(!presenting);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePresentationMode(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => presenting,
    () => false,
  );
}
