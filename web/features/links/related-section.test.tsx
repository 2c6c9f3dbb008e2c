// The detail page's related incidents (decision 019): the list with repeat directions and the despite-action badge,
// linking from a search or by number or link (as a repeat or not), unlinking, and the states around them.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RelatedIncident, RelatedResponse } from '../../../common/contracts/links';
import { RECURRENCE_TEXTS as T } from '../../../common/domain/recurrence-texts';
import { jsonResponse, renderWithApp } from '../../test/render';
import { apiStub } from '../../test/oops-test-data';
import { RelatedSection } from './related-section';
import { referencedId } from './link-form';

let stub: ReturnType<typeof apiStub>;

const item = (over: Partial<RelatedIncident> = {}): RelatedIncident => ({
  id: 3,
  slug: 'cache-stampede',
  id_slug: '3-cache-stampede',
  title: 'Cache stampede',
  severity: 'High',
  status: 'Closed',
  created_at: '2026-03-01T10:00:00.000Z',
  repeat: 'repeat_of',
  despite_action: true,
  ...over,
});
const answer = (related: RelatedIncident[]): RelatedResponse => ({
  related,
  repeated_despite_action: related.some((r) => r.repeat === 'repeat_of' && r.despite_action),
});

function setup(routes: Parameters<typeof apiStub>[0], disabled = false) {
  window.sessionStorage.setItem('authToken', 'tok-1');
  stub = apiStub({ 'GET /api/user/profile': null, ...routes });
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  return renderWithApp(<RelatedSection oopsId={7} disabled={disabled} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('RelatedSection', () => {
  it('lists related incidents with their repeat direction and the despite-action badge', async () => {
    setup({
      'GET /api/oops/7/related': answer([
        item(),
        item({ id: 9, id_slug: '9-later', title: 'Later', repeat: 'repeated_by', despite_action: false }),
        item({ id: 5, id_slug: '5-plain', title: 'Plain', repeat: null, despite_action: false }),
      ]),
    });
    const list = await screen.findByRole('list', { name: T.sectionTitle });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Cache stampede' })).toHaveAttribute(
      'href',
      '/oops/3-cache-stampede',
    );
    expect(within(rows[0]!).getByText(T.repeatOfBadge)).toBeVisible();
    expect(within(rows[0]!).getByText(T.despiteAction)).toBeVisible();
    expect(within(rows[1]!).getByText(T.repeatedByBadge)).toBeVisible();
    expect(within(rows[2]!).queryByText(T.repeatOfBadge)).toBeNull();
  });

  it('links an incident as a repeat from its link, and unlinks one', async () => {
    const user = userEvent.setup({ delay: null });
    setup({
      'GET /api/oops/7/related': answer([]),
      'POST /api/oops/7/related/3': () => jsonResponse(201, answer([item()])),
      'DELETE /api/oops/7/related/3': answer([]),
    });
    expect(await screen.findByText(T.empty)).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: T.linkLabel }), 'http://x/oops/3-cache-stampede');
    await user.click(screen.getByRole('checkbox', { name: T.linkAsRepeat }));
    await user.click(screen.getByRole('button', { name: T.link }));
    expect(await screen.findByRole('link', { name: 'Cache stampede' })).toBeVisible();
    const post = stub.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ repeat: true });
    expect(screen.getByRole('textbox', { name: T.linkLabel })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: T.unlink('Cache stampede') }));
    expect(await screen.findByText(T.empty)).toBeVisible();
    expect(stub.calls.some((c) => c.method === 'DELETE' && c.path === '/api/oops/7/related/3')).toBe(true);
  });

  it('says what is wrong with a reference, and shows the server error', async () => {
    const user = userEvent.setup({ delay: null });
    setup({
      'GET /api/oops/7/related': answer([]),
      'GET /api/search': { incidents: [], actions: [], lessons: [], fuzzy: false },
      'POST /api/oops/7/related/7': () => jsonResponse(400, { error: T.self }),
    });
    await screen.findByText(T.empty);
    await user.type(screen.getByRole('textbox', { name: T.linkLabel }), 'not an incident');
    await user.click(screen.getByRole('button', { name: T.link }));
    expect(await screen.findByText(T.badReference)).toBeVisible();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(screen.getByRole('textbox', { name: T.linkLabel }));
    await user.type(screen.getByRole('textbox', { name: T.linkLabel }), '#7');
    await user.click(screen.getByRole('button', { name: T.link }));
    expect(await screen.findByText(T.self)).toBeVisible();
  });

  it('finds an incident by words in it, leaving out this one and those already linked', async () => {
    const user = userEvent.setup({ delay: null });
    const hit = (id: number, title: string) => ({
      id,
      slug: 'x',
      status: 'Open',
      title: { text: title, ranges: [{ start: 0, end: 4 }] },
      snippet: { text: '', ranges: [] },
      rank: 1,
    });
    setup({
      'GET /api/oops/7/related': answer([item({ id: 5, id_slug: '5-disk-alerts', title: 'Disk alerts' })]),
      'GET /api/search': (_body: unknown, url: URL) =>
        jsonResponse(200, {
          incidents:
            url.searchParams.get('q') === 'disk full'
              ? [hit(7, 'Disk full here'), hit(5, 'Disk alerts'), hit(12, 'Disk full on the primary')]
              : [],
          actions: [],
          lessons: [],
          fuzzy: false,
        }),
      'POST /api/oops/7/related/12': () =>
        jsonResponse(201, answer([item({ id: 12, id_slug: '12-x', title: 'Disk full on the primary' })])),
    });
    await screen.findByRole('list', { name: T.sectionTitle });
    await user.type(screen.getByRole('textbox', { name: T.linkLabel }), 'disk full');
    const option = await screen.findByRole('option', { name: /Disk full on the primary/ });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(option.querySelector('mark')).toHaveTextContent('Disk');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('textbox', { name: T.linkLabel })).toHaveValue('Disk full on the primary');
    await user.click(screen.getByRole('button', { name: T.link }));
    expect(await screen.findByText(T.linked)).toBeVisible();
    expect(stub.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/oops/7/related/12',
      body: {},
    });
  });

  it('is read-only on a closed incident and recovers from a failed load', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    setup(
      {
        'GET /api/oops/7/related': () =>
          fail
            ? jsonResponse(403, { error: 'Join or create a team first.' })
            : jsonResponse(200, answer([item()])),
      },
      true,
    );
    expect(await screen.findByText(T.loadFailed)).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: T.tryAgain }));
    expect(await screen.findByRole('link', { name: 'Cache stampede' })).toBeVisible();
    expect(screen.getByRole('button', { name: T.unlink('Cache stampede') })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: T.linkLabel })).toBeNull();
    expect(screen.getByText(T.closedHint)).toBeVisible();
  });
});

describe('referencedId', () => {
  it('reads a number, #number, id-slug or a link ending in one', () => {
    expect(referencedId('42')).toBe(42);
    expect(referencedId(' #42 ')).toBe(42);
    expect(referencedId('42-database-outage')).toBe(42);
    expect(referencedId('https://oops.example/oops/42-database-outage/')).toBe(42);
    expect(referencedId('database')).toBeNull();
  });
});
