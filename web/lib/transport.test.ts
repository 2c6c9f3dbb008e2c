import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TOKEN_STORAGE_KEY } from '../../common/domain/options';
import { ApiError, request } from './transport';

const okSchema = z.object({ ok: z.literal(true) });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Starts a request and captures its outcome so a rejection is never unhandled while timers advance. */
function start(path = '/api/thing', options: Partial<Parameters<typeof request>[1]> = {}) {
  return request(path, { schema: okSchema, ...options }).then(
    (value) => ({ value }),
    (error: unknown) => ({ error: error as ApiError }),
  );
}

describe('request', () => {
  it('returns the parsed JSON body', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(start()).resolves.toEqual({ value: { ok: true } });
  });

  it('sends a JSON body and attaches the stored bearer token', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-123');
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await start('/api/auth/logout', { method: 'POST', body: { a: 1 } });
    const [path, init] = fetchMock.mock.calls[0]!;
    const headers = init?.headers as Record<string, string>;
    expect(path).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(headers['content-type']).toBe('application/json');
    expect(headers.authorization).toBe('Bearer tok-123');
  });

  it('sends no authorization header without a stored token', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await start();
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
  });

  it('retries a 5xx up to 3 times, waiting 1 s, 2 s and 4 s, then fails with the server text', async () => {
    fetchMock.mockImplementation(async () => json(503, { error: 'Down for maintenance' }));
    const outcome = start();

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);

    const { error } = (await outcome) as { error: ApiError };
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(503);
    expect(error.message).toBe('Down for maintenance');
  });

  it('retries a network failure and succeeds when the network comes back', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, { ok: true }));
    const outcome = start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(outcome).resolves.toEqual({ value: { ok: true } });
  });

  it("reports 'Network error' when the network never comes back", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const outcome = start();
    await vi.advanceTimersByTimeAsync(7000);
    const { error } = (await outcome) as { error: ApiError };
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network error');
  });

  it.each([400, 401, 403, 404, 409, 429])('never retries a %i', async (status) => {
    fetchMock.mockResolvedValue(json(status, { error: 'Invalid email or password.', code: 'x' }));
    const outcome = start();
    await vi.advanceTimersByTimeAsync(60_000);
    const { error } = (await outcome) as { error: ApiError };
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error.status).toBe(status);
    expect(error.code).toBe('x');
    expect(error.message).toBe('Invalid email or password.');
  });

  it('names the status when an error response has no error field', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 418 }));
    const { error } = (await start()) as { error: ApiError };
    expect(error.message).toBe('Request failed (418)');
  });

  it("rejects a success body that breaks the contract with 'Invalid response from server', without retrying", async () => {
    fetchMock.mockResolvedValue(json(200, { token: 'only-a-token' }));
    const outcome = start();
    await vi.advanceTimersByTimeAsync(60_000);
    const { error } = (await outcome) as { error: ApiError };
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toBe('Invalid response from server');
  });

  it('treats a body that breaks off mid-stream as a network failure and retries', async () => {
    const broken = new Response(
      new ReadableStream({
        start(controller) {
          controller.error(new TypeError('network reset'));
        },
      }),
      { status: 200 },
    );
    fetchMock.mockResolvedValueOnce(broken).mockResolvedValueOnce(json(200, { ok: true }));
    const outcome = start();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(outcome).resolves.toEqual({ value: { ok: true } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('honours a lower retry count', async () => {
    fetchMock.mockResolvedValue(json(500, { error: 'boom' }));
    const outcome = start('/api/thing', { retries: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(((await outcome) as { error: ApiError }).error.message).toBe('boom');
  });

  it('stops retrying when the caller aborts', async () => {
    fetchMock.mockResolvedValue(json(500, { error: 'boom' }));
    const controller = new AbortController();
    const outcome = start('/api/thing', { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(((await outcome) as { error: unknown }).error).toBeDefined();
  });
});
