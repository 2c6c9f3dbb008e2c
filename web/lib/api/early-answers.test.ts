import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { urlOf } from '../../test/fetch-call';
import { ApiError, request } from '../transport';
import { earlyAnswersArrived } from './early-answers';
import { clearEarlyScript, runEarlyScript } from '../../test/early-script';
import { EARLY_ANSWER_MAX_AGE_MS } from './first-reads';

const anything = z.unknown();
const fetchMock = vi.fn<typeof fetch>();
const sent = () => fetchMock.mock.calls.map(([input]) => urlOf(input));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearEarlyScript();
});

describe('the early read', () => {
  it("sends the dashboard's first reads with the session, and the app takes their answers instead of asking again", async () => {
    fetchMock.mockImplementation(async (input) => json(200, { path: urlOf(input) }));
    await runEarlyScript('/dashboard');
    expect(sent().map((url) => url.replace(/\?t=\d+$/, '?t='))).toEqual([
      '/api/user/profile',
      '/api/dashboard/attention',
      '/api/oops/stats',
      '/api/oops/last',
      '/api/oops/department-stats?t=',
      '/api/oops?limit=100&kind=incident',
    ]);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('authorization')).toBe('Bearer tok-1');

    await expect(request('/api/oops/stats', { schema: anything })).resolves.toEqual({
      path: '/api/oops/stats',
    });
    // The app's own timestamp differs from the early script's: the same read all the same.
    const stats = await request(`/api/oops/department-stats?t=${Date.now() + 5}`, { schema: anything });
    expect(stats).toEqual({
      path: expect.stringMatching(/^\/api\/oops\/department-stats\?t=\d+$/) as unknown,
    });
    expect(fetchMock).toHaveBeenCalledTimes(6);

    // Taken once: a later read asks the server.
    await request('/api/oops/stats', { schema: anything });
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });

  it("sends an incident's reads for its page, whatever its slug", async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await runEarlyScript('/oops/42-printer-on-fire');
    expect(sent()).toEqual([
      '/api/user/profile',
      '/api/oops/detail/42',
      '/api/oops/departments',
      '/api/team/current/custom-fields?include_archived=1',
      '/api/team/current/incident-types',
      '/api/oops/42/actions',
      '/api/oops/42/related',
    ]);
  });

  it('sends nothing without a session, nor on a page without first reads', async () => {
    await runEarlyScript('/dashboard', null);
    await runEarlyScript('/oops', 'tok-1');
    await runEarlyScript('/oops/not-an-id', 'tok-1');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers a refused session early as the server would have', async () => {
    fetchMock.mockImplementation(async () =>
      json(401, { error: 'Please sign in again.', code: 'unauthenticated' }),
    );
    await runEarlyScript('/dashboard');
    const refused = vi.fn();
    window.addEventListener('oopsboard:session-refused', refused);
    const error = await request('/api/user/profile', { schema: anything }).catch((e: unknown) => e);
    window.removeEventListener('oopsboard:session-refused', refused);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated', message: 'Please sign in again.' });
    expect(refused).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('counts an early read that got no answer as a failed first attempt, and retries it', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await runEarlyScript('/dashboard');
    vi.useFakeTimers();
    const reading = request('/api/user/profile', { schema: anything });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(reading).resolves.toEqual({ ok: true });
    expect(sent().filter((url) => url === '/api/user/profile')).toHaveLength(2);
  });

  it("leaves another session's early answers alone", async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await runEarlyScript('/dashboard', 'tok-1');
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-2');
    await request('/api/oops/stats', { schema: anything });
    expect(sent().filter((url) => url === '/api/oops/stats')).toHaveLength(2);
    expect(new Headers(fetchMock.mock.calls.at(-1)![1]?.headers).get('authorization')).toBe('Bearer tok-2');
  });

  it('asks the server again once the early answers are older than the dashboard refresh', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    vi.useFakeTimers({ toFake: ['performance'] });
    await runEarlyScript('/dashboard');
    vi.advanceTimersByTime(EARLY_ANSWER_MAX_AGE_MS);
    await request('/api/oops/stats', { schema: anything });
    expect(sent().filter((url) => url === '/api/oops/stats')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await request('/api/oops/last', { schema: anything });
    expect(sent().filter((url) => url === '/api/oops/last')).toHaveLength(2);
  });

  it('tells the app when every early answer has arrived', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(async (input) =>
      urlOf(input) === '/api/oops/last'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : json(200, {}),
    );
    expect(earlyAnswersArrived()).toBe(false);
    await runEarlyScript('/dashboard');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(6));
    await new Promise((resolve) => setTimeout(resolve));
    expect(earlyAnswersArrived()).toBe(false);
    answer(json(200, {}));
    await vi.waitFor(() => expect(earlyAnswersArrived()).toBe(true));
  });
});
