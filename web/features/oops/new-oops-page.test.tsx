import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import { RECURRENCE_TEXTS } from '../../../common/domain/recurrence-texts';
import { NewOopsPage } from './new-oops-page';
import { apiStub, buildDetail, stubDocumentFonts } from '../../test/oops-test-data';

stubDocumentFonts();
let stub: ReturnType<typeof apiStub>;

function setup(routes: Parameters<typeof apiStub>[0] = {}) {
  stub = apiStub({
    'GET /api/oops/departments': ['Engineering', 'Payments'],
    'GET /api/oops/similar': { oops: [] },
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  return renderRoutes(
    [
      { path: '/oops/new', element: <NewOopsPage /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/oops/:idSlug', element: <h1>Detail page</h1> },
    ],
    '/oops/new',
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const posts = () => stub.calls.filter((c) => c.method === 'POST');

// Whole pages under jsdom are slow on a busy 2-core machine; the default 5 s is too tight.
describe('NewOopsPage', { timeout: 30_000 }, () => {
  it('offers the six templates with their severity; choosing one fills the form and shows 3+3 suggestions', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    const tiles = screen.getAllByRole('button', { pressed: false });
    expect(tiles.map((t) => t.textContent)).toEqual(
      expect.arrayContaining([
        'Service OutageHigh',
        'Security IncidentCritical',
        'Performance IssueMedium',
        'Deployment IssueHigh',
        'Data IssueHigh',
        'Communication IssueLow',
      ]),
    );
    await user.click(screen.getByRole('button', { name: /Security Incident/ }));
    expect(screen.getByRole('button', { name: /Security Incident/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: /Incident Type/ })).toHaveValue('Security Incident');
    expect(screen.getByRole('combobox', { name: /Severity/ })).toHaveValue('Critical');
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveValue('Security');
    expect(screen.getByRole('list', { name: 'Chosen tags' })).toHaveTextContent('security');
    const suggestions = screen.getByRole('region', { name: 'Suggestions for Security Incident' });
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Security Alert',
      'Intrusion Detection System',
      'Automated Security Scan',
      'External Users',
      'Data exposure',
      'Compliance risk',
    ]);
  });

  it('uses the spec severity labels and falls back to the default departments silently', async () => {
    setup({ 'GET /api/oops/departments': () => jsonResponse(500, { error: 'down' }) });
    const severity = screen.getByRole('combobox', { name: /Severity/ });
    expect(
      within(severity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select severity',
      'Low - Minor issue',
      'Medium - Some impact',
      'High - Significant impact',
      'Critical - Major outage',
    ]);
    const department = screen.getByRole('combobox', { name: 'Department' });
    await waitFor(() => expect(within(department).getAllByRole('option')).toHaveLength(12));
    expect(within(department).getByRole('option', { name: 'General' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds custom tags with Enter or Add and removes chips', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await user.type(screen.getByRole('textbox', { name: 'Custom tag' }), 'Billing{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Custom tag' }), 'cache');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'api' }));
    const chips = screen.getByRole('list', { name: 'Chosen tags' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['billing', 'cache', 'api']);
    await user.click(screen.getByRole('button', { name: 'Remove tag cache' }));
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['billing', 'api']);
    expect(posts()).toHaveLength(0);
  });

  it('checks the form with the spec texts before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await user.click(screen.getByRole('button', { name: 'Log Incident' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please fill in all required fields (title, severity, and detailed description).',
    );
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Outage');
    await user.type(screen.getByRole('textbox', { name: /Detailed description/ }), 'short');
    await user.click(screen.getByRole('button', { name: 'Log Incident' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Description must be at least 10 characters. Please provide more details about what happened.',
    );
    expect(screen.getByText('Minimum 10 characters')).toBeVisible();
    expect(posts()).toHaveLength(0);
  });

  it('logs the incident, says so, and goes to /dashboard after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let release: () => void = () => {};
    const { router } = setup({
      'POST /api/oops': () =>
        new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(201, buildDetail())))),
    });
    await user.click(screen.getByRole('button', { name: /Data Issue/ }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Wrong totals in reports');
    await user.type(
      screen.getByRole('textbox', { name: /Detailed description/ }),
      'Totals doubled after import.',
    );
    await user.click(screen.getByRole('button', { name: /Analysis & Learning/ }));
    await user.click(screen.getByRole('button', { name: 'Faulty migration' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Preventability' }), '0');
    await user.click(screen.getByRole('button', { name: 'Log Incident' }));

    expect(screen.getByRole('button', { name: 'Logging...' })).toBeDisabled();
    await act(async () => release());
    expect(
      await screen.findByText('Incident logged successfully! Redirecting to dashboard...'),
    ).toBeVisible();
    expect(posts()[0]!.body).toEqual({
      kind: 'incident',
      title: 'Wrong totals in reports',
      severity: 'High',
      description: 'Totals doubled after import.',
      what_happened: 'Totals doubled after import.',
      status: 'Open',
      downtime_hours: 0,
      oops_type: 'Data Issue',
      area_department: 'Engineering',
      department: 'Engineering',
      users_affected: '1-100 Users',
      systems_impacted: '1 System',
      detection_method: 'Monitoring Alert',
      root_cause: 'Faulty migration',
      tags: ['database'],
      // "Occurred at" starts at now, to the minute (decision 042).
      occurred_at: expect.any(String),
    });
    const occurred = Date.parse((posts()[0]!.body as { occurred_at: string }).occurred_at);
    expect(Date.now() - occurred).toBeLessThan(2 * 60_000);
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(router.state.location.pathname).toBe('/oops/new');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('offers "Open incident" in the success toast, which opens the new incident instead of the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = setup({ 'POST /api/oops': () => jsonResponse(201, buildDetail()) });
    await user.click(screen.getByRole('button', { name: /Data Issue/ }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Wrong totals in reports');
    await user.type(
      screen.getByRole('textbox', { name: /Detailed description/ }),
      'Totals doubled after import.',
    );
    await user.click(screen.getByRole('button', { name: 'Log Incident' }));
    const open = await screen.findByRole('link', { name: 'Open incident' });
    expect(open).toHaveAttribute('href', `/oops/${buildDetail().id_slug}`);
    await user.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/oops/${buildDetail().id_slug}`));
    // The redirect to the dashboard was called off.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(router.state.location.pathname).toBe(`/oops/${buildDetail().id_slug}`);
  });

  it('shows the failure toast and the server message inline', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup({
      'POST /api/oops': () => jsonResponse(400, { error: 'Users affected must be one of: …' }),
    });
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Outage');
    await user.type(
      screen.getByRole('textbox', { name: /Detailed description/ }),
      'Everything stopped working.',
    );
    await user.click(screen.getByRole('button', { name: 'Log Incident' }));
    expect(await screen.findByText('Failed to log incident. Please try again.')).toBeVisible();
    expect(screen.getByText('Error: Users affected must be one of: …')).toBeVisible();
    expect(router.state.location.pathname).toBe('/oops/new');
    expect(screen.getByRole('button', { name: 'Log Incident' })).toBeEnabled();
  });

  it('shows up to 3 similar incidents as links while typing', async () => {
    const user = userEvent.setup({ delay: null });
    const similar = [1, 2, 3].map((n) => ({
      id: n,
      id_slug: `${n}-db-outage-${n}`,
      title: `DB outage ${n}`,
      severity: 'High',
      status: 'Open',
      created_at: '2026-03-01T10:00:00.000Z',
    }));
    setup({ 'GET /api/oops/similar': { oops: similar } });
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'database outage');
    const region = await screen.findByRole('region', { name: 'Similar past incidents' });
    expect(
      within(region)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/oops/1-db-outage-1', '/oops/2-db-outage-2', '/oops/3-db-outage-3']);
    const asked = stub.calls.filter((c) => c.path === '/api/oops/similar');
    // Debounced: one question for the whole phrase, not one per keystroke.
    expect(asked.map((c) => c.url.searchParams.get('text'))).toEqual(['database outage']);
  });

  it('shows the lessons of similar past incidents beside Analysis & Learning, with their state', async () => {
    const user = userEvent.setup({ delay: null });
    const lesson = (id: number, text: string, state: 'captured' | 'adopted', whatChanged: string | null) => ({
      id,
      text,
      state,
      what_changed: whatChanged,
      adopted_by: null,
      adopted_at: null,
      verified_by: null,
      verified_at: null,
      created_at: '2026-03-01T10:00:00.000Z',
      updated_at: '2026-03-01T10:00:00.000Z',
      incident_count: 1,
      incidents: [],
    });
    setup({
      'GET /api/lessons': {
        lessons: [
          lesson(1, 'Size the pool for peaks', 'adopted', 'Pool alert added'),
          lesson(2, 'Load test', 'captured', null),
        ],
        matched: 2,
        next_offset: null,
      },
    });
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'database outage');
    const region = await screen.findByRole('region', { name: 'Lessons from similar incidents' });
    expect(within(region).getByText('Size the pool for peaks')).toBeInTheDocument();
    expect(within(region).getByText('Adopted')).toBeInTheDocument();
    expect(within(region).getByText(/Pool alert added/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Open the lessons library' })).toHaveAttribute(
      'href',
      '/lessons',
    );
    const asked = stub.calls.filter((c) => c.path === '/api/lessons');
    expect(asked.map((c) => Object.fromEntries(c.url.searchParams))).toEqual([
      { similar_to: 'database outage', limit: '3' },
    ]);
  });

  it('offers "This is a repeat" for each similar incident and sends the choice as repeat_of', async () => {
    const user = userEvent.setup({ delay: null });
    const similar = [1, 2].map((n) => ({
      id: n,
      id_slug: `${n}-db-outage-${n}`,
      title: `DB outage ${n}`,
      severity: 'High',
      status: 'Closed',
      created_at: '2026-03-01T10:00:00.000Z',
    }));
    setup({
      'GET /api/oops/similar': { oops: similar },
      'POST /api/oops': () => jsonResponse(201, buildDetail()),
    });
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'database outage');
    await user.type(
      screen.getByRole('textbox', { name: /Detailed description/ }),
      'The database fell over again.',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /Incident Type/ }), 'Service Outage');
    const region = await screen.findByRole('region', { name: 'Similar past incidents' });
    await user.click(within(region).getByRole('button', { name: RECURRENCE_TEXTS.repeatOf('DB outage 2') }));
    expect(within(region).getByRole('status')).toHaveTextContent(
      RECURRENCE_TEXTS.repeatChosen('DB outage 2'),
    );
    // Changing one's mind: not a repeat, then the first one after all.
    await user.click(within(region).getByRole('button', { name: RECURRENCE_TEXTS.clearRepeat }));
    expect(within(region).queryByRole('status')).toBeNull();
    await user.click(within(region).getByRole('button', { name: RECURRENCE_TEXTS.repeatOf('DB outage 1') }));
    await user.click(screen.getByRole('button', { name: 'Log Incident' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ title: 'database outage', repeat_of: 1 });
  });

  it('Cancel goes back to /dashboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
