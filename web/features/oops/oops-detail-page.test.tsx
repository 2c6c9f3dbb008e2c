import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../common/contracts/auth';
import type { OopsDetail } from '../../../common/contracts/oops';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { OopsDetailPage } from './oops-detail-page';
import { apiStub, buildAction, buildDetail, stubDocumentFonts } from '../../test/oops-test-data';

stubDocumentFonts();
let stub: ReturnType<typeof apiStub>;

interface Options {
  detail?: OopsDetail;
  user?: User | null;
  routes?: Parameters<typeof apiStub>[0];
  path?: string;
}

function setup({
  detail = buildDetail(),
  user = buildUser({ role: 'member' }),
  routes = {},
  path,
}: Options = {}) {
  if (user) window.sessionStorage.setItem('authToken', 'tok-1');
  stub = apiStub({
    'GET /api/user/profile': user,
    'GET /api/oops/detail/7': detail,
    'GET /api/oops/departments': ['Engineering', 'Security'],
    'GET /api/oops/7/actions': { actions: [] },
    'GET /api/oops/7/related': { related: [], repeated_despite_action: false },
    'GET /api/team/current/members': { members: [] },
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  return renderRoutes(
    [
      { path: '/oops/:idSlug', element: <OopsDetailPage /> },
      { path: '/oops', element: <h1>List page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    path ?? '/oops/7-database-outage',
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const puts = () => stub.calls.filter((c) => c.method === 'PUT');
/** The incident's title once the whole page is in: the sections below the first screen render just after it. */
async function heading() {
  const title = await screen.findByRole('heading', { level: 1, name: 'Database outage' });
  await screen.findByRole('region', { name: 'Notes' });
  return title;
}

async function editRootCause(text: string) {
  const user = userEvent.setup({ delay: null });
  await heading();
  await user.click(screen.getByRole('button', { name: /^Root cause/ }));
  await user.type(screen.getByRole('textbox', { name: 'Root cause' }), `${text}{Enter}`);
}

// Whole pages under jsdom are slow on a busy 2-core machine; the default 5 s is too tight.
describe('OopsDetailPage', { timeout: 30_000 }, () => {
  it('shows the header, the edit tip, the fields and the read-only parts', async () => {
    setup({
      detail: buildDetail({
        occurred_at: '2026-02-28T09:00:00.000Z',
        notes: [
          {
            id: 1,
            note: '<p>Fixed by <b>Ada</b><img src=x onerror="alert(1)"><script>alert(2)</script></p>',
            added_by: 'Ada Lovelace',
            added_at: '2026-03-02T10:00:00.000Z',
          },
        ],
      }),
    });
    await heading();
    expect(screen.getByText('Tip: click any field to edit it. Enter saves, Escape cancels.')).toBeVisible();
    expect(screen.getByText('Created:')).toBeInTheDocument();
    expect(screen.getByText('Occurred:')).toBeInTheDocument();
    expect(screen.getByText('Team:').nextSibling).toHaveTextContent('Engines');
    expect(screen.getByRole('link', { name: 'Back to Oops Log' })).toHaveAttribute('href', '/oops');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    for (const name of ['Severity', 'Status', 'Kind', 'Incident Type', 'Department', 'Users affected']) {
      expect(screen.getByRole('button', { name: new RegExp(`^${name}`) })).toBeEnabled();
    }
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getByText('Ada').tagName).toBe('B');
    expect(notes.querySelector('img, script, [onerror]')).toBeNull();
    expect(within(notes).getByText(/Added by Ada Lovelace on/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tags' })).toHaveTextContent('#database');
  });

  it("saves one field with PUT and says '{Field name} updated successfully!'", async () => {
    setup({
      routes: {
        'PUT /api/oops/7': (body: unknown) =>
          jsonResponse(200, buildDetail({ root_cause: (body as { root_cause: string }).root_cause })),
      },
    });
    await editRootCause('Pool too small');
    expect(await screen.findByText('Root cause updated successfully!')).toBeVisible();
    expect(puts().map((c) => c.body)).toEqual([{ root_cause: 'Pool too small' }]);
    expect(screen.getByRole('button', { name: /^Root cause/ })).toHaveTextContent('Pool too small');
  });

  it.each([
    [401, 'Authentication failed. Please log in again.'],
    [404, 'Oops not found or access denied. Please check your permissions.'],
    [400, 'Failed to save: Root cause must be at most 5000 characters.'],
  ])('reverts the field and explains a %i', async (status, text) => {
    setup({
      routes: {
        'PUT /api/oops/7': () =>
          jsonResponse(status, { error: 'Root cause must be at most 5000 characters.' }),
      },
    });
    await editRootCause('Pool too small');
    expect(await screen.findByText(text)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Root cause/ })).toHaveTextContent('Click to add'),
    );
  });

  it('asks to log in instead of saving when there is no session, with the Go to Login warning', async () => {
    const user = userEvent.setup({ delay: null });
    setup({ user: null });
    await heading();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: /^Root cause/ }));
    await user.type(screen.getByRole('textbox', { name: 'Root cause' }), 'x{Enter}');
    expect(await screen.findByText('Please log in to edit fields')).toBeVisible();
    expect(puts()).toHaveLength(0);
  });

  it('saves quick changes together after 2 s idle, and reverts them all on failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let answer = (body: unknown) => jsonResponse(200, buildDetail(body as Partial<OopsDetail>));
    setup({ routes: { 'PUT /api/oops/7': (body: unknown) => answer(body) } });
    await heading();
    await user.click(screen.getByRole('checkbox', { name: 'Stakeholders notified' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Learning value' }), '4');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await user.click(screen.getByRole('checkbox', { name: 'Postmortem completed' }));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(puts()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(await screen.findByText('3 fields updated successfully!')).toBeVisible();
    expect(puts().map((c) => c.body)).toEqual([
      { stakeholders_notified: true, learning_value: 4, postmortem_completed: true },
    ]);

    answer = () => jsonResponse(500, { error: 'Database unavailable' });
    await user.click(screen.getByRole('checkbox', { name: 'Process updated' }));
    expect(screen.getByRole('checkbox', { name: 'Process updated' })).toBeChecked();
    await act(() => vi.advanceTimersByTimeAsync(2100 + 1000 + 2000 + 4000));
    expect(await screen.findByText('Failed to save updates: Database unavailable')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Process updated' })).not.toBeChecked();
  });

  it('is read-only when closed: banner, disabled editors with the tooltip text, no add boxes', async () => {
    setup({ detail: buildDetail({ status: 'Closed' }) });
    await heading();
    expect(screen.getByText('Read Only: This incident is closed and cannot be edited.')).toBeVisible();
    const severity = screen.getByRole('button', { name: /^Severity/ });
    expect(severity).toHaveAttribute('aria-disabled', 'true');
    expect(severity).toHaveAccessibleDescription('Cannot edit closed incidents');
    expect(screen.getByRole('heading', { level: 1 }).querySelector('button')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('checkbox', { name: 'Process updated' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Add a note/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen for Edits' })).not.toBeInTheDocument();
    expect(screen.getByText('Only a team owner or admin can reopen it.')).toBeVisible();
  });

  it("lets an owner reopen: PUT {status: 'Open'} and 'Incident reopened for edits.'", async () => {
    const user = userEvent.setup({ delay: null });
    setup({
      detail: buildDetail({ status: 'Closed' }),
      user: buildUser({ role: 'owner' }),
      routes: { 'PUT /api/oops/7': () => jsonResponse(200, buildDetail({ status: 'Open' })) },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Reopen for Edits' }));
    expect(await screen.findByText('Incident reopened for edits.')).toBeVisible();
    expect(puts().map((c) => c.body)).toEqual([{ status: 'Open' }]);
    expect(screen.getByRole('button', { name: /^Severity/ })).not.toHaveAttribute('aria-disabled');
  });

  it("tells an admin when reopening fails: 'Failed to reopen incident: …'", async () => {
    const user = userEvent.setup({ delay: null });
    setup({
      detail: buildDetail({ status: 'Closed' }),
      user: buildUser({ role: 'admin' }),
      routes: {
        'PUT /api/oops/7': () => jsonResponse(403, { error: 'Only team owners and admins can reopen.' }),
      },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Reopen for Edits' }));
    expect(
      await screen.findByText('Failed to reopen incident: Only team owners and admins can reopen.'),
    ).toBeVisible();
  });

  it("shows 'Oops not found' for an unknown or malformed id", async () => {
    setup({ routes: { 'GET /api/oops/detail/7': () => jsonResponse(404, { error: 'Oops not found' }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops not found' })).toBeVisible();
    expect(
      screen.getByText("The oops you're looking for doesn't exist or you don't have permission to view it."),
    ).toBeVisible();
  });

  it("shows 'Oops! Something went wrong' with the message and Back to Oops Log", async () => {
    setup({
      routes: {
        'GET /api/oops/detail/7': () => jsonResponse(403, { error: 'Join or create a team first.' }),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Something went wrong' }),
    ).toBeVisible();
    expect(screen.getByText('Join or create a team first.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Oops Log' })).toHaveAttribute('href', '/oops');
  });

  it('adds a note and lists, completes and deletes follow-up actions', async () => {
    const user = userEvent.setup({ delay: null });
    const members = [
      { id: 3, name: 'Grace', username: 'grace', email: 'g@x.test', user_department: null, role: 'member' },
    ];
    setup({
      routes: {
        'GET /api/oops/7/actions': { actions: [buildAction()] },
        'GET /api/team/current/members': { members },
        'POST /api/oops/7/notes': (body: unknown) =>
          jsonResponse(201, {
            id: 5,
            note: (body as { note: string }).note,
            added_by: 'Ada',
            added_at: '2026-03-03T10:00:00.000Z',
          }),
        'POST /api/oops/7/actions': (body: unknown) =>
          jsonResponse(
            201,
            buildAction({
              id: 2,
              title: (body as { title: string }).title,
              owner_id: 3,
              owner_name: 'Grace',
              due_date: '2026-04-01',
            }),
          ),
        'PUT /api/oops/7/actions/1': () => jsonResponse(200, buildAction({ status: 'done' })),
        'DELETE /api/oops/7/actions/1': { success: true },
      },
    });
    await heading();
    await user.type(screen.getByRole('textbox', { name: /Add a note/ }), 'Paged the DBA');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(
      await within(screen.getByRole('region', { name: 'Notes' })).findByText('Paged the DBA'),
    ).toBeVisible();

    const actions = screen.getByRole('region', { name: 'Follow-up actions' });
    await user.click(within(actions).getByRole('checkbox', { name: 'Add connection pool alerts' }));
    await waitFor(() =>
      expect(within(actions).getByRole('checkbox', { name: 'Add connection pool alerts' })).toBeChecked(),
    );
    await user.type(within(actions).getByRole('textbox', { name: 'Action' }), 'Raise pool size');
    await user.selectOptions(within(actions).getByRole('combobox', { name: 'Action owner' }), 'Grace');
    await user.type(within(actions).getByLabelText('Due date'), '2026-04-01');
    await user.click(within(actions).getByRole('button', { name: 'Add Action' }));
    expect(await within(actions).findByText('Raise pool size')).toBeVisible();
    await user.click(
      within(actions).getByRole('button', { name: 'Delete action Add connection pool alerts' }),
    );
    await waitFor(() =>
      expect(within(actions).queryByText('Add connection pool alerts')).not.toBeInTheDocument(),
    );
    const sent = stub.calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);
    expect(sent).toEqual([
      ['POST', '/api/oops/7/notes', { note: 'Paged the DBA' }],
      ['PUT', '/api/oops/7/actions/1', { status: 'done' }],
      ['POST', '/api/oops/7/actions', { title: 'Raise pool size', owner_id: 3, due_date: '2026-04-01' }],
      ['DELETE', '/api/oops/7/actions/1', undefined],
    ]);
  });

  it('leads with the next step: Mark resolved while open, Close after review once resolved', async () => {
    const user = userEvent.setup({ delay: null });
    const resolvedAt = '2026-03-01T12:00:00.000Z';
    setup({
      detail: buildDetail({ owner_name: 'Grace' }),
      routes: {
        'POST /api/oops/7/resolve': () =>
          jsonResponse(200, buildDetail({ owner_name: 'Grace', resolved_at: resolvedAt })),
        'PUT /api/oops/7': () =>
          jsonResponse(200, buildDetail({ owner_name: 'Grace', resolved_at: resolvedAt, status: 'Closed' })),
      },
    });
    await heading();
    const header = screen.getByRole('region', { name: 'Incident summary' });
    expect(header).toHaveTextContent('Owner: Grace');
    await user.click(within(header).getByRole('button', { name: 'Mark resolved' }));
    expect(await screen.findByText('Incident marked resolved.')).toBeVisible();
    expect(within(header).getByText('Resolved · in review')).toBeVisible();
    await user.click(within(header).getByRole('button', { name: 'Close after review' }));
    expect(await screen.findByText('Incident closed after its review.')).toBeVisible();
    expect(within(header).queryByRole('button')).toBeNull();
    const sent = stub.calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);
    expect(sent).toEqual([
      ['POST', '/api/oops/7/resolve', {}],
      ['PUT', '/api/oops/7', { status: 'Closed' }],
    ]);
  });

  it('lets the reader dismiss the edit tip, and remembers it on this browser', async () => {
    const user = userEvent.setup({ delay: null });
    const reader = buildUser({ role: 'member' });
    const first = setup({ user: reader });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Dismiss tip' }));
    expect(screen.queryByText(/Tip: click any field/)).toBeNull();
    first.unmount();
    setup({ user: reader });
    await heading();
    // Once the session is known (the header's next step needs it), the remembered choice holds.
    await waitFor(() => expect(screen.queryByText('Not signed in')).toBeNull());
    expect(screen.queryByText(/Tip: click any field/)).toBeNull();
    // Someone else on the same browser still gets the tip.
    setup({ user: buildUser({ role: 'member' }) });
    expect(await screen.findByText(/Tip: click any field/)).toBeVisible();
    window.localStorage.clear();
  });

  it('renders notes from Markdown and badges overdue actions', async () => {
    setup({
      detail: buildDetail({
        notes: [
          {
            id: 1,
            note: '- **Paged** the DBA\n- `pg_dump` ran',
            added_by: 'Ada',
            added_at: '2026-03-02T10:00:00.000Z',
          },
        ],
      }),
      routes: {
        'GET /api/oops/7/actions': {
          actions: [
            buildAction({ due_date: '2020-01-01' }),
            buildAction({ id: 2, title: 'Later', due_date: '2999-01-01' }),
          ],
        },
      },
    });
    await heading();
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getByText('Paged').tagName).toBe('STRONG');
    expect(within(notes).getByText('pg_dump').tagName).toBe('CODE');
    const actions = screen.getByRole('region', { name: 'Follow-up actions' });
    expect(await within(actions).findAllByText('Overdue')).toHaveLength(1);
  });
});
