import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../common/domain/options';
import { firstReads, READ_PATHS, readKey } from '../lib/api/first-reads';
import { urlOf } from '../test/fetch-call';
import { createQueryClient } from './query-client';
import { readAhead } from './read-ahead';
import { routes } from './router';

// Never answers: the test looks at what was asked for, before any answer could have rendered a page.
const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => {}));
const sent = () => fetchMock.mock.calls.map(([input]) => urlOf(input));
const asked = () => sent().map((url) => url.replace(/\?t=\d+$/, '?t='));

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('readAhead', () => {
  it('asks for the profile and the dashboard first screen together, before anything renders', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    void readAhead(createQueryClient(), routes, '/dashboard');
    await waitFor(() =>
      expect(asked().sort()).toEqual(
        [
          '/api/dashboard/attention',
          '/api/oops/department-stats?t=',
          '/api/oops/last',
          '/api/oops/stats',
          '/api/oops?limit=100&kind=incident',
          '/api/user/profile',
        ].sort(),
      ),
    );
  });

  it('asks for an incident with what its page shows beside it', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    void readAhead(createQueryClient(), routes, '/oops/42-printer-on-fire');
    await waitFor(() => expect(asked()).toContain('/api/oops/detail/42'));
    await waitFor(() =>
      expect(asked()).toEqual(expect.arrayContaining(['/api/oops/42/actions', '/api/oops/42/related'])),
    );
    expect(asked()).toContain('/api/user/profile');
  });

  // The early script (web/early-reads.ts) sends firstReads() before the app loads; the app takes those answers only
  // where it asks for the same paths, so a read added to one list and not the other would be read twice or late.
  it.each(['/dashboard', '/oops/42-printer-on-fire'])(
    'asks on %s for exactly the early script reads',
    async (page) => {
      window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
      const expected = [READ_PATHS.profile, ...firstReads(page)].sort();
      void readAhead(createQueryClient(), routes, page);
      await waitFor(() => expect(asked().length).toBe(expected.length));
      expect(sent().map(readKey).sort()).toEqual(expected);
    },
  );

  it('settles once every read has its answer', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{}', { status: 404 })));
    const queryClient = createQueryClient();
    await readAhead(queryClient, routes, '/oops/42-printer-on-fire');
    expect(asked().length).toBe(firstReads('/oops/42-printer-on-fire').length + 1);
    expect(queryClient.isFetching()).toBe(0);
  });

  it('asks for nothing without a session in the tab', async () => {
    void readAhead(createQueryClient(), routes, '/dashboard');
    // The route's code is loaded either way; give its read-ahead the chance to run.
    await import('../features/dashboard/dashboard-page');
    await new Promise((resolve) => setTimeout(resolve));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves a page whose code fails to load to the router, asking only for the profile', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    const failed = Promise.reject(new Error('Failed to fetch dynamically imported module'));
    const lazy = vi.fn(() => failed);
    void readAhead(createQueryClient(), [{ path: '/dashboard', lazy }], '/dashboard');
    // An unhandled rejection here would fail the test run.
    await expect(failed).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve));
    expect(lazy).toHaveBeenCalledOnce();
    expect(asked()).toEqual(['/api/user/profile']);
  });
});
