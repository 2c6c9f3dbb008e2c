import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import { buildTimelineOops, daysAgo, listBody, NOW } from './dashboard-test-data';
import { TimelineWidget } from './timeline-widget';

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

const serve = (oops: ReturnType<typeof buildTimelineOops>[]) =>
  fetchMock.mockImplementation(async () => jsonResponse(200, listBody(oops)));

const dots = () => screen.queryAllByTestId('timeline-dot');

describe('TimelineWidget', () => {
  it('asks for up to 100 incidents and draws one dot per incident of the last 30 days by default', async () => {
    serve([
      buildTimelineOops({ created_at: daysAgo(1), severity: 'Critical' }),
      buildTimelineOops({ created_at: daysAgo(20), severity: 'Low' }),
      buildTimelineOops({ created_at: daysAgo(45) }),
    ]);
    renderWithApp(<TimelineWidget />);
    await screen.findByRole('group', { name: 'Incidents over the last 30 days' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/oops?limit=100&kind=incident');
    expect(dots()).toHaveLength(2);
    expect(screen.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
    // Sized by severity: Low 5, Critical 10.
    expect(dots().map((d) => d.querySelector('circle')!.getAttribute('r'))).toEqual(['5', '10']);
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent(/Low.*Medium.*High.*Critical/);
  });

  it('switches range with the 7d/30d/90d buttons', async () => {
    serve([daysAgo(2), daysAgo(20), daysAgo(60)].map((created_at) => buildTimelineOops({ created_at })));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<TimelineWidget />);
    await screen.findByRole('group', { name: 'Incidents over the last 30 days' });
    expect(dots()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: '7d' }));
    expect(dots()).toHaveLength(1);
    expect(screen.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '90d' }));
    expect(dots()).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows title, severity, days ago and department on focus, and names each dot', async () => {
    serve([
      buildTimelineOops({
        title: 'Cache stampede',
        severity: 'High',
        created_at: daysAgo(3),
        area_department: 'Ops',
      }),
    ]);
    renderWithApp(<TimelineWidget />);
    const dot = await screen.findByRole('link', { name: 'Cache stampede, High, 3 days ago, Ops' });
    act(() => dot.focus());
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('Cache stampede');
    expect(tooltip).toHaveTextContent('High · 3 days ago');
    expect(tooltip).toHaveTextContent('Ops');
    expect(dot).toHaveAttribute('aria-describedby', tooltip.id);
    act(() => dot.blur());
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it("shows 'Need data' below 2 incidents, a trend badge from 2, the trend line from 5", async () => {
    serve([buildTimelineOops({ created_at: daysAgo(3) })]);
    const first = renderWithApp(<TimelineWidget />);
    await screen.findByRole('group');
    expect(screen.getByTestId('trend-badge')).toHaveTextContent('Need data');
    first.unmount();

    serve(
      [daysAgo(1), daysAgo(2), daysAgo(3), daysAgo(4)].map((created_at) => buildTimelineOops({ created_at })),
    );
    const second = renderWithApp(<TimelineWidget />);
    await screen.findByRole('group');
    expect(screen.getByTestId('trend-badge')).toHaveTextContent('Declining');
    expect(screen.queryByTestId('trend-line')).not.toBeInTheDocument();
    second.unmount();

    serve([25, 26, 27, 28, 29].map((d) => buildTimelineOops({ created_at: daysAgo(d) })));
    renderWithApp(<TimelineWidget />);
    await screen.findByRole('group');
    expect(screen.getByTestId('trend-badge')).toHaveTextContent('Improving');
    expect(screen.getByTestId('trend-line')).toBeInTheDocument();
  });

  it('marks clusters of more than 2 incidents within 5 % of the axis', async () => {
    // 30-day axis: 5 % is 1.5 days. Three within a day cluster; the pair at 20 days does not.
    serve([10, 10.5, 11, 20, 20.2].map((d) => buildTimelineOops({ created_at: daysAgo(d) })));
    renderWithApp(<TimelineWidget />);
    await screen.findByRole('group');
    const markers = screen.getAllByTestId('cluster-marker');
    expect(markers).toHaveLength(1);
    expect(markers[0]).toHaveTextContent('3');
  });

  it("shows 'All Clear!' with 'Report an Incident' and a button switching between 90 and 30 days", async () => {
    serve([buildTimelineOops({ created_at: daysAgo(60) })]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<TimelineWidget />);
    expect(await screen.findByText('All Clear!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Report an Incident' })).toHaveAttribute('href', '/oops/new');
    await user.click(screen.getByRole('button', { name: 'Show last 90 days' }));
    expect(dots()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '7d' }));
    await user.click(screen.getByRole('button', { name: 'Show last 90 days' }));
    expect(screen.getByRole('button', { name: '90d' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('TimelineWidget load errors (docs/product.md §4, §8)', () => {
  const failWith = (status: number, body: unknown = { error: 'x' }) =>
    fetchMock.mockImplementation(async () => jsonResponse(status, body));

  it.each([
    [401, 'Please log in again', false],
    [403, 'Please log in again', false],
    [404, 'No incidents found', false],
    [500, 'Server temporarily unavailable', true],
    [422, 'Unable to load timeline data', true],
  ])('status %i: %s (Try Again: %s)', async (status, text, tryAgain) => {
    failWith(status);
    renderWithApp(<TimelineWidget />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(within(alert).queryByRole('button', { name: 'Try Again' }) !== null).toBe(tryAgain);
    // Only network failures are retried automatically.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats an answer of the wrong shape as unknown', async () => {
    failWith(200, { nope: true });
    renderWithApp(<TimelineWidget />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load timeline data');
  });

  it('retries a network failure 3 times, 2 s longer each time, then asks to check the connection', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithApp(<TimelineWidget />);
    expect(await screen.findByText('Connection issue (retry 1/3)')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Connection issue (retry 2/3)')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3900));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByText('Connection issue (retry 3/3)')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Connection issue - check your internet');

    serve([buildTimelineOops({ created_at: daysAgo(1) })]);
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('timeline-dot')).toHaveLength(1);
  });
});
