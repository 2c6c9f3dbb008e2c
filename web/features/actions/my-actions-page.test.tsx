import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamAction, TeamActionsResponse } from '../../../common/contracts/actions';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { MyActionsPage } from './my-actions-page';
import { apiStub, buildAction } from '../../test/oops-test-data';

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

function setup(path: string, role: 'member' | 'owner', routes: Record<string, unknown>) {
  window.sessionStorage.setItem('authToken', 'tok-1');
  stub = apiStub({ 'GET /api/user/profile': buildUser({ role }), ...routes });
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  return renderRoutes(
    [
      { path: '/actions', element: <MyActionsPage /> },
      { path: '/oops/:idSlug', element: <h1>Detail page</h1> },
    ],
    path,
  );
}

const actionCalls = () => stub.calls.filter((c) => c.path === '/api/actions').map((c) => c.url.searchParams);

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
});
