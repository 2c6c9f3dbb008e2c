// The "Needs attention" panel (decision 038): rows in the server's order with age and owner, each one click from its
// incident, "and N more" to the log, the empty state, and the new team's checklist with the owner's dismiss.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttentionResponse } from '../../../common/contracts/dashboard-attention';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { buildUser } from '../../test/factories';
import { urlOf } from '../../test/fetch-call';
import { jsonResponse, renderRoutes } from '../../test/render';
import { AttentionPanel } from './attention-panel';
import { buildAttention } from './dashboard-test-data';

const fetchMock = vi.fn<typeof fetch>();
/** The first answer goes through the session's profile fetch first; a busy machine takes more than 1 s for both. */
const SLOW = { timeout: 5000 };
let answer: AttentionResponse = buildAttention();
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const incident = (
  id: number,
  title: string,
  severity: string,
  ageHours: number,
  owner: string | null = null,
) => ({
  id,
  id_slug: `${id}-${title.toLowerCase().replace(/\W+/g, '-')}`,
  title,
  severity,
  kind: 'incident' as const,
  owner_name: owner,
  created_at: hoursAgo(ageHours),
  resolved_at: null,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  fetchMock.mockImplementation(async (input, init) => {
    const url = urlOf(input);
    if (url === '/api/user/profile') return jsonResponse(200, buildUser());
    if (url === '/api/dashboard/attention') return jsonResponse(200, answer);
    if (url === '/api/dashboard/onboarding/dismiss' && init?.method === 'POST') {
      answer = { ...answer, onboarding: null };
      return jsonResponse(200, { dismissed: true });
    }
    return jsonResponse(404, { error: 'Not found.' });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const renderPanel = () =>
  renderRoutes(
    [
      { path: '/dashboard', element: <AttentionPanel /> },
      { path: '/oops/:idSlug', element: <h1>Incident page</h1> },
    ],
    '/dashboard',
  );

describe('AttentionPanel', () => {
  it('lists open incidents in order with age and owner; a click opens the incident', async () => {
    answer = buildAttention({
      open: {
        items: [
          incident(7, 'Payments down', 'Critical', 50, 'DevOps Team'),
          incident(3, 'Slow search', 'High', 3),
          incident(9, 'Typo', 'Low', 0.5),
        ],
        total: 8,
      },
    });
    const { router } = renderPanel();
    const open = await screen.findByRole('region', { name: /Open incidents/ }, SLOW);
    const links = within(open).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Payments down', 'Slow search', 'Typo', 'and 5 more']);
    expect(links[3]).toHaveAttribute('href', '/oops?status=Open');
    const first = links[0]!.closest('li')!;
    expect(first).toHaveTextContent('2d · DevOps Team');
    expect(first).toHaveTextContent('Critical');
    expect(links[1]!.closest('li')).toHaveTextContent('3h · No owner');
    // Lists with nothing in them are left out.
    expect(screen.queryByRole('region', { name: /My actions due/ })).not.toBeInTheDocument();
    await userEvent.click(links[0]!);
    expect(router.state.location.pathname).toBe('/oops/7-payments-down');
  });

  it('shows my actions due with overdue marked, linking to their incident', async () => {
    answer = buildAttention({
      my_actions: {
        items: [
          {
            id: 1,
            title: 'Rotate the keys',
            due_date: '2026-01-02',
            overdue: true,
            oops: { id: 4, id_slug: '4-leak', title: 'Key leak' },
          },
        ],
        total: 1,
      },
    });
    renderPanel();
    const mine = await screen.findByRole('region', { name: /My actions due/ }, SLOW);
    expect(within(mine).getByRole('link', { name: 'Rotate the keys' })).toHaveAttribute(
      'href',
      '/oops/4-leak',
    );
    expect(mine).toHaveTextContent('Overdue · 2026-01-02');
    expect(mine).toHaveTextContent('Key leak');
  });

  it('says so when nothing needs attention', async () => {
    answer = buildAttention();
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Nothing needs attention' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it("shows the new team's checklist ticked from the answer, and an owner dismisses it", async () => {
    answer = buildAttention({
      onboarding: {
        steps: [
          { key: 'invite', done: true },
          { key: 'first_incident', done: false },
          { key: 'webhook', done: false },
          { key: 'alerts', done: false },
          { key: 'import', done: false },
        ],
        can_dismiss: true,
      },
    });
    renderPanel();
    const checklist = await screen.findByRole('region', { name: 'Get started' }, SLOW);
    expect(checklist).toHaveTextContent('1 of 5 done.');
    const invite = within(checklist).getByRole('link', { name: 'Invite teammates' });
    expect(invite.closest('li')).toHaveTextContent('(Done)');
    expect(
      within(checklist).getByRole('link', { name: 'Log a first incident or near-miss' }),
    ).toHaveAttribute('href', '/oops/new');
    expect(
      within(checklist).getByRole('link', { name: 'Import your incident history' }).closest('li'),
    ).toHaveTextContent('(To do)');
    await userEvent.click(within(checklist).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument(),
    );
    expect(
      fetchMock.mock.calls.some(
        ([u, i]) => urlOf(u) === '/api/dashboard/onboarding/dismiss' && i?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('offers no dismiss to members who are not owners', async () => {
    answer = buildAttention({
      onboarding: { steps: [{ key: 'invite', done: false }], can_dismiss: false },
    });
    renderPanel();
    const checklist = await screen.findByRole('region', { name: 'Get started' }, SLOW);
    expect(within(checklist).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });
});
