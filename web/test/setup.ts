// Setup for the 'web' vitest project: jest-dom matchers, the browser APIs Mantine needs under jsdom
// (matchMedia, ResizeObserver), cleanup between tests, and a failing test on any console.error.
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine's ScrollArea and Combobox call these; jsdom does not implement them.
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => {};

let errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; without this one test's toast would show up in the next.
  notifications.clean();
  notifications.cleanQueue();
  window.sessionStorage.clear();
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
