import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lesson, LessonsResponse } from '../../../common/contracts/lessons';
import { LESSON_MESSAGES, LESSON_TEXTS } from '../../../common/domain/lesson-texts';
import { buildUser } from '../../test/factories';
import { jsonBodyOf, urlOf } from '../../test/fetch-call';
import { jsonResponse, renderRoutes } from '../../test/render';
import { LessonsPage } from './lessons-page';

function buildLesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: 3,
    text: 'Alert on disk space',
    state: 'captured',
    what_changed: null,
    adopted_by: null,
    adopted_at: null,
    verified_by: null,
    verified_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    incident_count: 1,
    incidents: [
      {
        id: 7,
        id_slug: '7-disk-full',
        title: 'Disk full',
        oops_type: 'Service Outage',
        area_department: 'Engineering',
        created_at: '2026-03-01T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}
const answer = (lessons: Lesson[]): LessonsResponse => ({
  lessons,
  matched: lessons.length,
  next_offset: null,
});

type Handler = (body: unknown, url: URL) => Response;
let calls: { method: string; url: URL; body: unknown }[] = [];

function setup(role: 'member' | 'owner', routes: Record<string, Handler | object>, path = '/lessons') {
  window.sessionStorage.setItem('authToken', 'tok-1');
  calls = [];
  const all: Record<string, Handler | object> = { 'GET /api/user/profile': buildUser({ role }), ...routes };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(urlOf(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = jsonBodyOf(init);
      calls.push({ method, url, body });
      const route = all[`${method} ${url.pathname}`];
      if (route === undefined) return jsonResponse(404, { error: 'Not found.' });
      return typeof route === 'function' ? (route as Handler)(body, url) : jsonResponse(200, route);
    }),
  );
  return renderRoutes(
    [
      { path: '/lessons', element: <LessonsPage /> },
      { path: '/oops/:idSlug', element: <h1>Detail page</h1> },
    ],
    path,
  );
}
const listCalls = () => calls.filter((c) => c.url.pathname === '/api/lessons').map((c) => c.url.searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('LessonsPage', { timeout: 30_000 }, () => {
  it("says 'Loading...', then the lessons with their state and incidents; members get no buttons", async () => {
    setup('member', {
      'GET /api/lessons': answer([
        buildLesson(),
        buildLesson({
          id: 4,
          text: 'Rotate keys',
          state: 'adopted',
          what_changed: 'Rotation job',
          adopted_by: { id: 1, name: 'Ada' },
          adopted_at: '2026-03-02T10:00:00.000Z',
        }),
      ]),
    });
    expect(await screen.findByText(LESSON_TEXTS.loading)).toBeInTheDocument();
    const rows = await screen.findAllByTestId('lesson');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('lesson-state')).toHaveTextContent('Captured');
    expect(within(rows[0]!).getByRole('link', { name: 'Disk full' })).toHaveAttribute(
      'href',
      '/oops/7-disk-full',
    );
    expect(within(rows[1]!).getByText('Rotation job')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/Adopted by Ada on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Adopt lesson/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Merge lesson/ })).not.toBeInTheDocument();
  });

  it('sends the search and filters, and keeps them in the URL', async () => {
    const { router } = setup('member', { 'GET /api/lessons': answer([]) });
    expect(await screen.findByText(LESSON_TEXTS.empty)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: LESSON_TEXTS.searchLabel }), 'Café');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: LESSON_TEXTS.stateLabel }), 'adopted');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: LESSON_TEXTS.periodLabel }), '90');
    await waitFor(
      () =>
        expect(Object.fromEntries(listCalls().at(-1)!)).toEqual({
          limit: '50',
          search: 'Café',
          state: 'adopted',
          period: '90',
        }),
      // The search waits for a pause in typing (300 ms) before it asks.
      { timeout: 5_000 },
    );
    expect(await screen.findByText(LESSON_TEXTS.emptyFiltered)).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('Café');
  });

  it('lets an owner adopt a lesson, saying what changed', async () => {
    let adopted = false;
    setup('owner', {
      'GET /api/lessons': () =>
        jsonResponse(
          200,
          answer([
            adopted ? buildLesson({ state: 'adopted', what_changed: 'Disk check added' }) : buildLesson(),
          ]),
        ),
      'PATCH /api/lessons/3': (body) => {
        adopted = true;
        expect(body).toEqual({ state: 'adopted', what_changed: 'Disk check added' });
        return jsonResponse(200, buildLesson({ state: 'adopted', what_changed: 'Disk check added' }));
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: LESSON_TEXTS.adoptLabel('Alert on disk space') }),
    );
    await userEvent.click(screen.getByRole('button', { name: LESSON_TEXTS.save }));
    expect(screen.getByText(LESSON_MESSAGES.whatChangedRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: LESSON_TEXTS.whatChanged }), 'Disk check added');
    await userEvent.click(screen.getByRole('button', { name: LESSON_TEXTS.save }));
    expect(await screen.findByText(LESSON_TEXTS.changed('Adopted'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('lesson-state')).toHaveTextContent('Adopted'));
    expect(
      screen.getByRole('button', { name: LESSON_TEXTS.verifyLabel('Alert on disk space') }),
    ).toBeInTheDocument();
  });

  it('says why a change failed', async () => {
    setup('owner', {
      'GET /api/lessons': answer([buildLesson({ state: 'adopted', what_changed: 'x' })]),
      'PATCH /api/lessons/3': () => jsonResponse(403, { error: LESSON_MESSAGES.managersOnly }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: LESSON_TEXTS.verifyLabel('Alert on disk space') }),
    );
    expect(
      await screen.findByText(LESSON_TEXTS.changeFailed(LESSON_MESSAGES.managersOnly)),
    ).toBeInTheDocument();
  });

  it('merges a lesson into another one picked in a dialog', async () => {
    let merged = false;
    const other = buildLesson({ id: 9, text: 'Watch disk usage', incidents: [] });
    setup('owner', {
      'GET /api/lessons': () => jsonResponse(200, answer(merged ? [other] : [buildLesson(), other])),
      'POST /api/lessons/3/merge': (body) => {
        merged = true;
        expect(body).toEqual({ into: 9 });
        return jsonResponse(200, { ...other, incident_count: 2 });
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: LESSON_TEXTS.mergeLabel('Alert on disk space') }),
    );
    const dialog = await screen.findByRole('dialog', { name: LESSON_TEXTS.mergeTitle });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: LESSON_TEXTS.mergeTarget }),
      '9',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: LESSON_TEXTS.merge }));
    expect(await screen.findByText(LESSON_TEXTS.merged)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('lesson')).toHaveLength(1));
  });

  it('shows the error and retries', async () => {
    let fail = true;
    setup('member', {
      'GET /api/lessons': () =>
        fail ? jsonResponse(400, { error: 'Search is too long.' }) : jsonResponse(200, answer([])),
    });
    expect(await screen.findByText('Search is too long.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: LESSON_TEXTS.tryAgain }));
    expect(await screen.findByText(LESSON_TEXTS.empty)).toBeInTheDocument();
  });
});
