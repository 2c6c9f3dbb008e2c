import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../../common/domain/dashboard';
import type { OopsStats } from '../../../common/contracts/stats';
import { jsonResponse, renderWithApp } from '../../test/render';
import { buildLast, buildStats, daysAgo, NOW } from './dashboard-test-data';
import { TimerPanel } from './timer-panel';
import { urlOf } from '../../test/fetch-call';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function serve(stats: OopsStats | number, last: ReturnType<typeof buildLast> | null = buildLast()) {
  fetchMock.mockImplementation(async (input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/oops/stats'))
      return typeof stats === 'number' ? jsonResponse(stats, { error: 'Nope' }) : jsonResponse(200, stats);
    if (url.startsWith('/api/oops/last'))
      return last ? jsonResponse(200, last) : jsonResponse(404, { error: 'No incidents yet.' });
    return jsonResponse(404, { error: 'Not found.' });
  });
}

describe('TimerPanel', () => {
  it('shows days, hours, minutes and seconds since the last incident and ticks every second', async () => {
    const last = new Date(NOW.getTime() - (3 * DAY_MS + 4 * 3_600_000 + 5 * 60_000 + 6_000)).toISOString();
    serve(
      buildStats({
        last_oops_at: last,
        best_streak_days: 12,
        near_misses: 2,
        open_actions: 3,
        overdue_actions: 1,
      }),
    );
    renderWithApp(<TimerPanel />);
    expect(await screen.findByTestId('timer-days')).toHaveTextContent('3');
    expect(screen.getByTestId('timer-hours')).toHaveTextContent('04');
    expect(screen.getByTestId('timer-minutes')).toHaveTextContent('05');
    expect(screen.getByTestId('timer-seconds')).toHaveTextContent('06');
    expect(screen.getByRole('timer')).toHaveAccessibleName(
      '3 days, 4 hours, 5 minutes, 6 seconds since the last incident',
    );

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('timer-seconds')).toHaveTextContent('07');
    act(() => {
      vi.advanceTimersByTime(54_000);
    });
    expect(screen.getByTestId('timer-seconds')).toHaveTextContent('01');
    expect(screen.getByTestId('timer-minutes')).toHaveTextContent('06');

    expect(screen.getByTestId('best-streak')).toHaveTextContent('12 days');
    expect(screen.getByText('Week Strong')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'DB outage' })).toHaveAttribute(
      'href',
      '/oops/7-db-outage',
    );
    expect(screen.getByText('High')).toBeInTheDocument();
    expect(screen.getByTestId('near-misses')).toHaveTextContent('2 near-misses reported (30 d)');
    expect(screen.getByTestId('actions-signal')).toHaveTextContent(
      '3 open follow-up actions, 1 overdue · My Actions',
    );
    expect(screen.getByRole('link', { name: 'My Actions' })).toHaveAttribute('href', '/actions');
  });

  it.each([
    [0, 'red', false],
    [10, 'red', false],
    [11, 'orange', false],
    [29, 'orange', false],
    [30, 'green', false],
    [31, 'green', true],
  ] as const)('colours %i days %s (pulsing: %s)', async (days, color, pulses) => {
    serve(buildStats({ last_oops_at: daysAgo(days), best_streak_days: days }));
    renderWithApp(<TimerPanel />);
    const timer = await screen.findByTestId('timer');
    expect(timer).toHaveAttribute('data-color', color);
    expect(timer.className.includes('pulse')).toBe(pulses);
  });

  it('turns from red to orange when the 11th day begins, without a refresh', async () => {
    serve(buildStats({ last_oops_at: new Date(NOW.getTime() - 11 * DAY_MS + 1500).toISOString() }));
    renderWithApp(<TimerPanel />);
    const timer = await screen.findByTestId('timer');
    expect(timer).toHaveAttribute('data-color', 'red');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(timer).toHaveAttribute('data-color', 'orange');
    expect(screen.getByTestId('timer-days')).toHaveTextContent('11');
  });

  it('shows the running streak as the best one once it overtakes it', async () => {
    serve(buildStats({ last_oops_at: daysAgo(40), best_streak_days: 20 }));
    renderWithApp(<TimerPanel />);
    expect(await screen.findByTestId('best-streak')).toHaveTextContent('40 days');
    expect(screen.getByText('Monthly Milestone')).toBeInTheDocument();
  });

  it('celebrates a team with no incidents, and counts its near-misses', async () => {
    serve(buildStats({ near_misses: 1 }), null);
    renderWithApp(<TimerPanel />);
    expect(await screen.findByRole('heading', { name: 'Perfect Record!' })).toBeInTheDocument();
    expect(screen.getByText('All Systems Go')).toBeInTheDocument();
    expect(screen.getByText('No incidents yet')).toBeInTheDocument();
    expect(screen.getByText('Keep up the great work!')).toBeInTheDocument();
    expect(screen.getByTestId('near-misses')).toHaveTextContent('1 near-miss reported (30 d)');
    // No open actions: nothing to nag about.
    expect(screen.queryByTestId('actions-signal')).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it("says 'Failed to load timer data' and offers Try Again", async () => {
    serve(403);
    renderWithApp(<TimerPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load timer data');
    serve(buildStats());
    act(() => screen.getByRole('button', { name: 'Try Again' }).click());
    expect(await screen.findByText('Perfect Record!')).toBeInTheDocument();
  });
});
