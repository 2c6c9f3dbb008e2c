import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, connectLive } from './live-client';
import { createSseParser } from './sse-parser';

describe('createSseParser', () => {
  it('splits messages across chunks, joins data lines and skips comments', () => {
    const parser = createSseParser();
    expect(parser.push('retry: 3000\n: connected\n\nevent: oo')).toEqual([]);
    expect(parser.push('ps\ndata: {"type":"oops.created",\r\ndata: "id":1}\n\n: heartbeat\n\n')).toEqual([
      { event: 'oops', data: '{"type":"oops.created",\n"id":1}' },
    ]);
    expect(parser.retryMs()).toBe(3000);
    expect(parser.push('data: plain\n\n')).toEqual([{ event: 'message', data: 'plain' }]);
  });
});

describe('backoffDelay', () => {
  it('doubles from the base up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

/** A streaming response the test writes to, like the server's text/event-stream. */
function stream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('connectLive', () => {
  it('sends the bearer token, delivers oops events and reconnects with back-off after the stream drops', async () => {
    const first = stream();
    const second = stream();
    fetchMock.mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const onEvent = vi.fn();
    const onReconnect = vi.fn();
    const stop = connectLive({ getToken: () => 'tok', onEvent, onReconnect, initialDelayMs: 500 });

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const init = fetchMock.mock.calls[0]![1]!;
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/live');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');

    first.write(': connected\n\nevent: oops\ndata: {"type":"oops.created","id":5}\n\n');
    first.write('event: oops\ndata: {"type":"bogus","id":6}\n\nevent: other\ndata: {}\n\n');
    await vi.waitFor(() => expect(onEvent).toHaveBeenCalledWith({ type: 'oops.created', id: 5 }));
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onReconnect).not.toHaveBeenCalled();

    first.end();
    await vi.advanceTimersByTimeAsync(400);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(150);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1));
    second.write('event: oops\ndata: {"type":"oops.updated","id":5}\n\n');
    await vi.waitFor(() => expect(onEvent).toHaveBeenLastCalledWith({ type: 'oops.updated', id: 5 }));

    stop();
    expect((fetchMock.mock.calls[1]![1]!.signal as AbortSignal).aborted).toBe(true);
  });

  it('backs off longer after each failed attempt', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const stop = connectLive({ getToken: () => 'tok', onEvent: vi.fn(), initialDelayMs: 1000 });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1900);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('stops for good on 401 or without a token', async () => {
    fetchMock.mockResolvedValue(new Response('{"error":"Authentication required"}', { status: 401 }));
    connectLive({ getToken: () => 'tok', onEvent: vi.fn() });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    connectLive({ getToken: () => null, onEvent: vi.fn() });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
