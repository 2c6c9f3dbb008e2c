import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { ExecutiveReportPage } from './executive-report-page';
import { RECURRENCE_TEXTS } from '../../../common/domain/recurrence-texts';
import { buildDepartments, buildOopsList, buildStats } from './report-test-data';
import { urlOf } from '../../test/fetch-call';
import { buildDistributions, buildTrends } from '../../test/trends-test-data';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** Answers the report's calls; `stats` decides the stats answer per requested period. */
function serve(stats: (days: string | null) => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(urlOf(input), 'http://localhost');
    switch (url.pathname) {
      case '/api/user/profile':
        return jsonResponse(200, buildUser({ team: { id: 1, name: 'Rocket Team' } }));
      case '/api/oops/stats':
        return stats(url.searchParams.get('days'));
      case '/api/oops/stats.csv':
        return new Response('metric,value\r\nperiod_days,180\r\n', {
          headers: { 'content-type': 'text/csv' },
        });
      case '/api/oops/department-stats':
        return jsonResponse(200, buildDepartments(8));
      case '/api/oops':
        return jsonResponse(200, buildOopsList(10));
      case '/api/team/current/trends':
        return jsonResponse(200, buildTrends());
      case '/api/team/current/distributions':
        return jsonResponse(200, buildDistributions());
      default:
        return jsonResponse(404, { error: 'Not found.' });
    }
  });
}

const statsCalls = () =>
  fetchMock.mock.calls.map(([input]) => urlOf(input)).filter((u) => u.startsWith('/api/oops/stats'));

const renderReport = (path = '/executive-report') =>
  renderRoutes([{ path: '/executive-report', element: <ExecutiveReportPage /> }], path);

// The report draws its charts (recharts, loaded lazily) in every test: slower than a plain page under jsdom.
describe('ExecutiveReportPage', { timeout: 15_000 }, () => {
  it('shows the figures, 6 departments, 5 of the 10 recent incidents and the recommendations', async () => {
    serve(() => jsonResponse(200, buildStats()));
    renderReport();

    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Total Incidents').nextSibling).toHaveTextContent('12');
    expect(within(summary).getByText('This Period').nextSibling).toHaveTextContent('4');
    expect(within(summary).getByText('High + Critical').nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('2 h 30 min')).toBeInTheDocument();
    expect(within(summary).getByText('72%')).toBeInTheDocument();
    expect(within(summary).getByText('Improving')).toBeInTheDocument();
    expect(within(summary).getByText('Follow-up Actions').nextSibling).toHaveTextContent('1 overdue');
    expect(within(summary).getByText('Action Completion').nextSibling).toHaveTextContent('60%');
    expect(within(summary).getByText('3 completed this period, median 4 d 12 h')).toBeInTheDocument();
    expect(within(summary).getByText('Lessons Adopted').nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Verified Fixes').nextSibling).toHaveTextContent('2 verified');
    expect(within(summary).getByText("1 didn't hold · 4 done, not yet verified")).toBeInTheDocument();
    expect(within(summary).getByText('4 open now, across all incidents')).toBeInTheDocument();

    const departments = screen.getByRole('region', { name: 'Department Overview' });
    expect(within(departments).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(within(departments).getByText('Today')).toBeInTheDocument();
    expect(within(departments).getAllByText('4.3')).toHaveLength(6);

    const recent = screen.getByRole('region', { name: 'Recent Incidents' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(within(recent).getByRole('link', { name: 'Incident 1' })).toHaveAttribute(
      'href',
      '/oops/1-incident-1',
    );
    expect(fetchMock.mock.calls.some(([u]) => urlOf(u) === '/api/oops?limit=10')).toBe(true);

    expect(screen.getByRole('region', { name: 'Focus Areas' })).toHaveTextContent(
      'Engineering: 2 high-severity incidents this period.',
    );
    expect(screen.getByRole('region', { name: 'Growth Opportunities' })).toBeInTheDocument();
    const recurrence = screen.getByRole('region', { name: 'Recurrence' });
    expect(within(recurrence).getByText(RECURRENCE_TEXTS.repeatRate).nextSibling).toHaveTextContent('25%');
    expect(within(recurrence).getByText(RECURRENCE_TEXTS.repeatRateHint(1, 4))).toBeInTheDocument();
    expect(within(recurrence).getByText(RECURRENCE_TEXTS.despiteAction).nextSibling).toHaveTextContent('1');
    expect(within(recurrence).getByText(RECURRENCE_TEXTS.nearMissRatio).nextSibling).toHaveTextContent('0.5');
    const chain = within(recurrence).getByTestId('repeat-chain');
    expect(
      within(chain)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/oops/1-db-outage', '/oops/4-db-outage-again']);
    expect(chain).toHaveTextContent('DB outage→DB outage again');
    expect(screen.getByTestId('report-generated')).toHaveTextContent(/^Generated /);
    expect(screen.getByText('Rocket Team · Last 30 Days')).toBeInTheDocument();
  });

  it('applies the chosen period: the stats call carries days and the figures change', async () => {
    serve((days) =>
      jsonResponse(200, buildStats({ period_days: Number(days), recent_oops: days === '90' ? 9 : 4 })),
    );
    const { router } = renderReport();
    await screen.findByRole('region', { name: 'Summary' });
    expect(statsCalls()).toEqual(['/api/oops/stats?days=30']);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Report period' }), 'Last 90 Days');

    await waitFor(() => expect(screen.getByText('This Period').nextSibling).toHaveTextContent('9'));
    expect(statsCalls()).toEqual(['/api/oops/stats?days=30', '/api/oops/stats?days=90']);
    expect(router.state.location.search).toBe('?days=90');
    expect(screen.getByText('Rocket Team · Last 90 Days')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Report period' }), 'Last Year');
    await waitFor(() => expect(statsCalls()).toContain('/api/oops/stats?days=365'));
  });

  it('starts from the period in the URL', async () => {
    serve(() => jsonResponse(200, buildStats()));
    renderReport('/executive-report?days=180');
    await screen.findByRole('region', { name: 'Summary' });
    expect(statsCalls()).toEqual(['/api/oops/stats?days=180']);
    expect(screen.getByRole('combobox', { name: 'Report period' })).toHaveValue('180');
  });

  it('prints with Export PDF', async () => {
    serve(() => jsonResponse(200, buildStats()));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderReport();
    await screen.findByRole('region', { name: 'Summary' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("downloads the period's metrics as CSV with the session token", async () => {
    serve(() => jsonResponse(200, buildStats()));
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderReport('/executive-report?days=180');
    await screen.findByRole('region', { name: 'Summary' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Metrics (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const call = fetchMock.mock.calls.find(([input]) => urlOf(input).startsWith('/api/oops/stats.csv'))!;
    expect(urlOf(call[0])).toBe('/api/oops/stats.csv?days=180');
    expect(call[1]?.headers).toEqual({ authorization: 'Bearer tok' });
    click.mockRestore();
  });

  it('compares with the previous period, says when a change is within noise, and shows trends and distributions', async () => {
    serve(() => jsonResponse(200, buildStats()));
    renderReport();
    const changes = await screen.findByRole(
      'region',
      { name: 'Change Against the Previous Period' },
      { timeout: 5000 },
    );
    const tiles = within(changes).getAllByTestId('change-tile');
    expect(tiles[0]).toHaveTextContent('Incidents30+2 (+7.1%) against the previous period');
    expect(tiles[0]).toHaveTextContent('Within normal variation: not a real change.');
    expect(tiles[2]).toHaveTextContent('Too few incidents to say: under 10 in this or the previous period.');
    expect(tiles[3]).toHaveTextContent('Median Time to Resolve10 h−2 h (−16.7%) against the previous period');
    expect(tiles[3]).not.toHaveTextContent('not a real change');

    const trends = screen.getByRole('region', { name: 'Trends and Distributions' });
    await within(trends).findByTestId('distribution-resolve', {}, { timeout: 5000 });
    expect(within(trends).getByTestId('distribution-resolve')).toHaveTextContent('Median6 h');
    expect(within(trends).getByTestId('distribution-resolve')).toHaveTextContent('90th percentile6 d');
    const histogram = within(trends).getByRole('table', { name: /Time to review/ });
    expect(within(histogram).getByRole('row', { name: /1–3 d/ })).toHaveTextContent('1');
    const actions = within(trends).getByRole('table', { name: /Action completion/ });
    expect(within(actions).getByRole('row', { name: /Jan 2026/ })).toHaveTextContent('Jan 2026111');

    // The severity bars have an axis with a round maximum.
    const axis = screen.getByTestId('severity-axis');
    expect(axis.textContent).toMatch(/^0/);

    // One department: both calls name it, and the change against the previous period (whole team only) goes.
    await userEvent.setup().selectOptions(within(trends).getByLabelText('Department'), 'General');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.map(([input]) => urlOf(input)).filter((u) => u.includes('department=General')),
      ).toEqual([
        expect.stringMatching(/^\/api\/team\/current\/trends\?.*department=General/),
        expect.stringMatching(/^\/api\/team\/current\/distributions\?.*department=General/),
      ]),
    );
    expect(within(trends).getByText(/Every kind, every severity, General\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Change Against the Previous Period' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load report data' and recovers with Try again", async () => {
    let fail = true;
    serve(() =>
      fail ? jsonResponse(403, { error: 'Join or create a team first.' }) : jsonResponse(200, buildStats()),
    );
    renderReport();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load report data');
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeDisabled();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an empty state with a way to log the first incident', async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = urlOf(input);
      if (path === '/api/user/profile') return jsonResponse(200, buildUser());
      if (path.startsWith('/api/oops/stats'))
        return jsonResponse(
          200,
          buildStats({
            total_oops: 0,
            recent_oops: 0,
            high_critical: 0,
            mttr_minutes: null,
            avg_completeness: null,
            trend: 'Stable',
          }),
        );
      if (path.startsWith('/api/oops/department-stats')) return jsonResponse(200, []);
      return jsonResponse(200, buildOopsList(0));
    });
    renderReport();
    expect(await screen.findByText(/No incidents have been logged yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log Oops' })).toHaveAttribute('href', '/oops/new');
    expect(screen.getByText('No department data yet.')).toBeInTheDocument();
    expect(screen.getAllByText('N/A')).toHaveLength(2);
  });
});
