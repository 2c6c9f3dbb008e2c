import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamAction, TeamActionsResponse } from '../../../common/contracts/actions';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { MyActionsPage } from './my-actions-page';
import { apiStub, buildAction, stubDocumentFonts } from '../../test/oops-test-data';

let stub: ReturnType<typeof apiStub>;

function teamAction(overrides: Partial<TeamAction> = {}): TeamAction {
  return {
    ...buildAction({
      id: 11,
      title: 'Add pool alerts',
      due_date: '2026-03-01',
      owner_id: 5,
      owner_name: 'Kim',
    }),
    overdue: true,
    oops: {
      id: 7,
      id_slug: '7-db-outage',
      title: 'DB outage',
      status: 'Open',
      area_department: 'Engineering',
    },
    ...overrides,
  };
}

function answer(actions: TeamAction[], counts = { open: actions.length, overdue: 1 }): TeamActionsResponse {
  return { actions, matched: actions.length, counts };
}

type Handler = (body: unknown, url: URL) => Response | Promise<Response>;

/** GET /api/actions answers the list with `routes`' entry, and the "Did it hold?" section with `dueChecks`. */
function setup(
  path: string,
  role: 'member' | 'owner',
  routes: Record<string, unknown>,
  dueChecks: TeamActionsResponse | Handler = answer([]),
) {
  window.sessionStorage.setItem('authToken', 'tok-1');
  const list = routes['GET /api/actions'];
  const reply = (route: unknown, body: unknown, url: URL) =>
    typeof route === 'function' ? (route as Handler)(body, url) : jsonResponse(200, route);
  stub = apiStub({
    'GET /api/user/profile': buildUser({ role }),
    ...routes,
    'GET /api/actions': (body: unknown, url: URL) =>
      reply(url.searchParams.has('verification_due') ? dueChecks : list, body, url),
  });
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  return renderRoutes(
    [
      { path: '/actions', element: <MyActionsPage /> },
      { path: '/oops/:idSlug', element: <h1>Detail page</h1> },
    ],
    path,
  );
}

const actionCalls = () =>
  stub.calls
    .filter((c) => c.path === '/api/actions' && !c.url.searchParams.has('verification_due'))
    .map((c) => c.url.searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('MyActionsPage', { timeout: 30_000 }, () => {
  it("says 'Loading...', then my open actions with their incident, counts, and Overdue", async () => {
    setup('/actions', 'member', {
      'GET /api/actions': answer([
        teamAction(),
        teamAction({ id: 12, title: 'Write the runbook', due_date: null, overdue: false }),
      ]),
    });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('team-action');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'DB outage' })).toHaveAttribute(
      'href',
      '/oops/7-db-outage',
    );
    expect(within(rows[1]!).getByText('No due date')).toBeInTheDocument();
    expect(screen.getByTestId('action-counts')).toHaveTextContent('2 open · 1 overdue');
    // A member has no team view: the request is for their own actions, and there is no switch.
    expect(actionCalls()[0]!.get('mine')).toBe('1');
    expect(actionCalls()[0]!.get('status')).toBe('open');
    expect(screen.queryByText('Whole team')).not.toBeInTheDocument();
  });

  it('marks an action done and reloads the list', async () => {
    let done = false;
    setup('/actions', 'member', {
      'GET /api/actions': () => jsonResponse(200, answer(done ? [] : [teamAction()])),
      'POST /api/actions/11/done': () => {
        done = true;
        return jsonResponse(200, teamAction({ status: 'done', overdue: false }));
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark done: Add pool alerts' }));
    expect(await screen.findByText('Marked done: Add pool alerts')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Nothing is waiting for you. Actions assigned to you on any incident show up here.',
      ),
    ).toBeInTheDocument();
  });

  it('says why marking done failed, and keeps the action', async () => {
    setup('/actions', 'member', {
      'GET /api/actions': answer([teamAction()]),
      'POST /api/actions/11/done': () => jsonResponse(404, { error: 'Action not found.' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark done: Add pool alerts' }));
    expect(await screen.findByText('Could not mark the action done. Action not found.')).toBeInTheDocument();
    expect(screen.getAllByTestId('team-action')).toHaveLength(1);
  });

  it("gives owners the whole team's view with owner, department and overdue filters in the URL", async () => {
    const { router } = setup('/actions', 'owner', {
      'GET /api/actions': answer([teamAction()]),
      'GET /api/team/current/members': {
        members: [
          {
            id: 5,
            name: 'Kim',
            username: 'kim',
            email: 'kim@example.com',
            user_department: null,
            role: 'member',
          },
        ],
      },
      'GET /api/oops/departments': ['Engineering', 'Finance'],
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Whole team' }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Owner' }), 'Kim');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'Finance');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await waitFor(() => {
      const last = actionCalls().at(-1)!;
      expect(Object.fromEntries(last)).toEqual({
        mine: '0',
        status: 'open',
        overdue: '1',
        owner_id: '5',
        department: 'Finance',
      });
    });
    expect(router.state.location.search).toBe('?view=team&owner=5&department=Finance&overdue=1');
    // The owner's name shows on each row in the team view.
    expect(within(screen.getAllByTestId('team-action')[0]!).getByText(/Kim/)).toBeInTheDocument();
  });

  it('offers Try again when the list fails to load', async () => {
    let fail = true;
    setup('/actions', 'member', {
      'GET /api/actions': () =>
        fail ? jsonResponse(400, { error: 'Bad filter.' }) : jsonResponse(200, answer([])),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load actions');
    expect(alert).toHaveTextContent('Bad filter.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Nothing is waiting for you/)).toBeInTheDocument();
  });

  it('asks "Did it hold?" of the fixes due: yes verifies, no needs a note and reopens', async () => {
    stubDocumentFonts();
    const due = teamAction({
      id: 21,
      title: 'Add a disk alert',
      status: 'done',
      overdue: false,
      verification_check: 'No disk-full alert for 30 days',
      verify_on: '2026-03-10',
      verification: {
        state: 'pending',
        answered_at: null,
        answered_by_name: null,
        note: null,
        prompted_at: null,
        repeated_by: null,
      },
    });
    const other = teamAction({ ...due, id: 22, title: 'Rotate the logs' });
    let open = [due, other];
    const answers: unknown[] = [];
    const post = (id: number) => (body: unknown) => {
      answers.push(body);
      open = open.filter((a) => a.id !== id);
      return jsonResponse(200, { ...due, id });
    };
    setup(
      '/actions',
      'member',
      {
        'GET /api/actions': answer([]),
        'POST /api/actions/21/verification': post(21),
        'POST /api/actions/22/verification': post(22),
      },
      () => jsonResponse(200, answer(open)),
    );
    const section = await screen.findByRole('region', { name: 'Did it hold?' });
    const checks = await within(section).findAllByTestId('due-check');
    expect(checks).toHaveLength(2);
    expect(within(checks[0]!).getByText(/No disk-full alert for 30 days/)).toBeInTheDocument();
    await userEvent.click(within(checks[0]!).getByRole('button', { name: 'Yes, it held' }));
    expect(await screen.findByText('Marked as verified: the fix held.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByTestId('due-check')).toHaveLength(1));
    // No: the note is required, and focused.
    await userEvent.click(within(section).getByRole('button', { name: 'No, it did not' }));
    const note = within(section).getByRole('textbox', { name: /What happened\?/ });
    await waitFor(() => expect(note).toHaveFocus());
    await userEvent.click(within(section).getByRole('button', { name: 'Reopen the action' }));
    expect(
      await within(section).findByText('Say what happened: a note is required when the fix did not hold.'),
    ).toBeInTheDocument();
    await userEvent.type(note, 'It filled again.');
    await userEvent.click(within(section).getByRole('button', { name: 'Reopen the action' }));
    expect(await screen.findByText('The action is open again with your note.')).toBeInTheDocument();
    expect(answers).toEqual([{ held: true }, { held: false, note: 'It filled again.' }]);
    expect(await within(section).findByText('No fixes are waiting for a check.')).toBeInTheDocument();
  });
});
