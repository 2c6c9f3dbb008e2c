// Presentation mode (spec §4): a boolean, off at start. The nav toggle and, later, the dashboard (which wires it to
// full screen) share it, and features may not import web/app, so it lives here as a tiny external store.
import { useSyncExternalStore } from 'react';

let presenting = false;
const listeners = new Set<() => void>();

export function setPresentationMode(next: boolean): void {
  if (next === presenting) return;
  presenting = next;
  listeners.forEach((listener) => listener());
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
