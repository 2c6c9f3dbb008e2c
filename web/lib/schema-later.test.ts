import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { urlOf } from '../test/fetch-call';
import { clearEarlyScript, runEarlyScript } from '../test/early-script';
import { LATE_MISMATCH_EVENT, schemaLater } from './schema-later';
import { ApiError, request } from './transport';

const stats = z.object({ total: z.number() });
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A later schema whose module "loads" when the test says so. */
function laterStats() {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(async () => {
    await arrived;
    return stats;
  });
  return { schema: schemaLater(load), load, arrive };
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  clearEarlyScript();
});

describe('a schema that loads later', () => {
  it('lets an early answer through before it has loaded, and reports one that fails it once it has', async () => {
    fetchMock.mockImplementation(async (input) =>
      json(urlOf(input) === '/api/oops/stats' ? { total: 'many' } : {}),
    );
    await runEarlyScript('/dashboard');
    const { schema, load, arrive } = laterStats();
    const mismatches: string[] = [];
    const onMismatch = (event: Event) => mismatches.push((event as CustomEvent<string>).detail);
    window.addEventListener(LATE_MISMATCH_EVENT, onMismatch);

    // Shown as it came, the schema not yet loaded.
    await expect(request('/api/oops/stats', { schema })).resolves.toEqual({ total: 'many' });
    expect(mismatches).toEqual([]);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    arrive();
    await vi.waitFor(() => expect(mismatches).toEqual(['/api/oops/stats']));
    window.removeEventListener(LATE_MISMATCH_EVENT, onMismatch);
  });

  it('checks an early answer that fits without a word', async () => {
    fetchMock.mockImplementation(async () => json({ total: 3 }));
    await runEarlyScript('/dashboard');
    const { schema, load, arrive } = laterStats();
    const onMismatch = vi.fn();
    window.addEventListener(LATE_MISMATCH_EVENT, onMismatch);
    await expect(request('/api/oops/stats', { schema })).resolves.toEqual({ total: 3 });
    arrive();
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    await load.mock.results[0]!.value;
    await new Promise((resolve) => setTimeout(resolve));
    expect(onMismatch).not.toHaveBeenCalled();
    window.removeEventListener(LATE_MISMATCH_EVENT, onMismatch);
  });

  it('makes any other call wait for it and refuse an answer that fails it', async () => {
    fetchMock.mockImplementation(async () => json({ total: 'many' }));
    const { schema, arrive } = laterStats();
    const reading = request('/api/oops/stats', { schema, retries: 0 });
    arrive();
    await expect(reading).rejects.toMatchObject({ kind: 'invalid-response' });
    fetchMock.mockImplementation(async () => json({ total: 4 }));
    await expect(request('/api/oops/stats', { schema })).resolves.toEqual({ total: 4 });
  });

  it('counts a module that fails to load as a network failure, and loads it again on the next call', async () => {
    fetchMock.mockImplementation(async () => json({ total: 5 }));
    const load = vi
      .fn<() => Promise<typeof stats>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(stats);
    const schema = schemaLater(load);
    const failed = await request('/api/oops/stats', { schema, retries: 0 }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ kind: 'network' });
    await expect(request('/api/oops/stats', { schema })).resolves.toEqual({ total: 5 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
