import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS, TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { jsonResponse } from '../../test/render';
import { usePresentationKeepAlive } from './use-presentation-keep-alive';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  fetchMock.mockImplementation(async () => jsonResponse(200, { success: true }));
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('usePresentationKeepAlive', () => {
  it('POSTs /api/auth/refresh-presentation with an empty body every 7200 s while presenting, and stops after', async () => {
    const { rerender } = renderHook(({ on }) => usePresentationKeepAlive(on), { initialProps: { on: true } });
    await vi.advanceTimersByTimeAsync(TIMINGS.presentationRefreshMs - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/refresh-presentation');
    expect(init).toMatchObject({ method: 'POST', body: undefined });
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer tok');
    await vi.advanceTimersByTimeAsync(TIMINGS.presentationRefreshMs);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    rerender({ on: false });
    await vi.advanceTimersByTimeAsync(3 * TIMINGS.presentationRefreshMs);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does nothing when not presenting', async () => {
    renderHook(() => usePresentationKeepAlive(false));
    await vi.advanceTimersByTimeAsync(2 * TIMINGS.presentationRefreshMs);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
