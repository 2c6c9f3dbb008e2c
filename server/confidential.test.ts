// Confidential near-miss reports (decision 024): every read path, for every kind of viewer, never names the reporter
// (name, e-mail or id), and only the reporter sees "reported by you".
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { CONFIDENTIAL_MESSAGES, CONFIDENTIAL_REPORTER } from '../common/domain/confidential-texts';
import { confidentialReporters, oops, oopsLinks, oopsNotes } from './db/schema';
import { createTestApp } from './test/app';
import { mintApiToken } from './test/actors';
import { memberOf, signUp, unique, type SignedIn } from './test/factories';
import { logOops, VALID_OOPS } from './test/oops-factory';
import { startReceiver } from './test/receiver';
import type { WebhookScheduler } from './features/webhooks/delivery-jobs';
import { attemptDelivery } from './features/webhooks/deliver';

let app: FastifyInstance;
let base: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: SignedIn;
let admin: SignedIn;
let member: SignedIn;
let reporter: SignedIn;
let superAdmin: SignedIn;
const superAdminEmail = `${unique('root')}@example.com`;
const title = `Forklift nearly hit ${unique('c')}`;
let report: { id: number; id_slug: string };
let earlier: { id: number; id_slug: string };
let liveText = '';
const stream = new AbortController();

beforeAll(async () => {
  receiver = await startReceiver();
  const scheduler: WebhookScheduler = {
    async schedule(deliveryId) {
      await attemptDelivery(
        { db: app.db, config: app.config, mailer: app.mailer, now: () => new Date(), random: () => 0.5 },
        deliveryId,
      );
    },
  };
  app = await createTestApp(
    { superAdminEmails: new Set([superAdminEmail]) },
    { send: async () => {} },
    { webhooks: { scheduler } },
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  owner = await signUp(app);
  const teamId = owner.user.team!.id;
  admin = await memberOf(app, teamId, 'admin');
  member = await memberOf(app, teamId, 'member');
  reporter = await memberOf(app, teamId, 'member');
  superAdmin = await signUp(app, { email: superAdminEmail });
  earlier = await logOops(app, owner, { title: `${title} earlier`, kind: 'near_miss' });
});
afterAll(() => stream.abort());

const get = (url: string, as: SignedIn | { auth: Record<string, string> }) =>
  app.inject({ method: 'GET', url, headers: as.auth });

/** The reporter's name, e-mail and id (in any creator or actor field) are nowhere in the text. */
function expectNoReporter(text: string) {
  const { user, email } = reporter;
  expect(text).not.toContain(email);
  expect(text).not.toContain(user.name);
  if (user.username) expect(text).not.toContain(user.username);
  const idFields = new RegExp(
    `"(created_by_id|created_by|added_by_id|added_by|actor_id|user_id|owner_id|resolved_by)":\\s*"?${user.id}\\b|"actor":\\{"id":${user.id}\\b`,
  );
  expect(text).not.toMatch(idFields);
}

const setConfidential = (as: SignedIn, enabled: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/team/current/confidential',
    headers: as.auth,
    payload: { enabled },
  });

describe('the team setting', () => {
  it('is off by default, and only owners and admins change it', async () => {
    expect((await get('/api/team/current', member)).json().confidential_near_misses).toBe(false);
    const refused = await logOops(app, reporter, { kind: 'near_miss', confidential: true }).catch(
      (e: Error) => e.message,
    );
    expect(refused).toContain(CONFIDENTIAL_MESSAGES.notAllowed);
    expect((await setConfidential(member, true)).statusCode).toBe(403);
    expect((await setConfidential(owner, 'yes')).statusCode).toBe(400);
    const on = await setConfidential(admin, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().confidential_near_misses).toBe(true);
  });

  it('accepts confidential only for a near-miss', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/oops',
      headers: reporter.auth,
      payload: { ...VALID_OOPS, confidential: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(CONFIDENTIAL_MESSAGES.onlyNearMiss);
  });
});

describe('a confidential near-miss', () => {
  it('is created, discussed and edited by its reporter without naming them anywhere it is stored', async () => {
    // A live stream and a webhook, open before the report, to see what they carry.
    const res = await fetch(`${base}/api/live`, { headers: owner.auth, signal: stream.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          liveText += decoder.decode(value, { stream: true });
        }
      } catch {
        // aborted at the end
      }
    })();
    const hook = await app.inject({
      method: 'POST',
      url: '/api/team/current/webhooks',
      headers: owner.auth,
      payload: { url: `${receiver.url}/confidential`, events: ['*'], kind: 'generic' },
    });
    expect(hook.statusCode).toBe(201);

    const created = await logOops(app, reporter, {
      title,
      kind: 'near_miss',
      confidential: true,
      repeat_of: earlier.id,
    });
    report = created;
    expect(created).toMatchObject({
      created_by: CONFIDENTIAL_REPORTER,
      created_by_id: null,
      confidential: true,
      reported_by_you: true,
    });
    const note = await app.inject({
      method: 'POST',
      url: `/api/oops/${report.id}/notes`,
      headers: reporter.auth,
      payload: { note: 'I was the one driving.' },
    });
    expect(note.json().added_by).toBe(CONFIDENTIAL_REPORTER);
    const byOwner = await app.inject({
      method: 'POST',
      url: `/api/oops/${report.id}/notes`,
      headers: owner.auth,
      payload: { note: 'Thanks for telling us.' },
    });
    expect(byOwner.json().added_by).toBe(owner.user.name);
    const closed = await app.inject({
      method: 'PUT',
      url: `/api/oops/${report.id}`,
      headers: reporter.auth,
      payload: { root_cause: 'Blind corner', status: 'Closed' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ resolved_by: CONFIDENTIAL_REPORTER, reported_by_you: true });

    // Stored: no column names the reporter; the link is a keyed hash.
    const [row] = await app.db.select().from(oops).where(eq(oops.id, report.id));
    expect(row!.createdById).toBeNull();
    expectNoReporter(JSON.stringify(row));
    const notes = await app.db.select().from(oopsNotes).where(eq(oopsNotes.oopsId, report.id));
    expect(notes.map((n) => n.addedById)).toEqual([null, owner.user.id]);
    const links = await app.db.select().from(oopsLinks).where(eq(oopsLinks.oopsId, report.id));
    expect(links.map((l) => l.createdById)).toEqual([null]);
    const [hash] = await app.db
      .select()
      .from(confidentialReporters)
      .where(eq(confidentialReporters.oopsId, report.id));
    expect(hash!.reporterKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  const viewers = () => ({ owner, admin, member });

  it.each(['owner', 'admin', 'member'] as const)(
    'list, search, detail, similar, related, exports and stats never name the reporter to the %s',
    async (who) => {
      const as = viewers()[who];
      const reads = [
        '/api/oops',
        '/api/oops?kind=near_miss',
        `/api/oops?search=${encodeURIComponent(title)}`,
        `/api/oops/detail/${report.id_slug}`,
        `/api/oops/similar?text=${encodeURIComponent(title)}`,
        `/api/oops/${report.id}/related`,
        `/api/oops/${earlier.id}/related`,
        '/api/oops/export.csv',
        `/api/oops/${report.id}/export.md`,
        '/api/oops/stats',
      ];
      for (const url of reads) {
        const res = await get(url, as);
        expect(res.statusCode, url).toBe(200);
        expectNoReporter(res.body);
      }
      const detail = (await get(`/api/oops/detail/${report.id_slug}`, as)).json();
      expect(detail).toMatchObject({ created_by: CONFIDENTIAL_REPORTER, reported_by_you: false });
      expect(detail.notes.map((n: { added_by: string }) => n.added_by)).toEqual([
        CONFIDENTIAL_REPORTER,
        owner.user.name,
      ]);
      expect((await get('/api/oops/export.csv', as)).body).toContain(CONFIDENTIAL_REPORTER);
      expect((await get(`/api/oops/${report.id}/export.md`, as)).body).toContain(CONFIDENTIAL_REPORTER);
    },
  );

  it('only the reporter sees "reported by you"', async () => {
    const detail = (await get(`/api/oops/detail/${report.id_slug}`, reporter)).json();
    expect(detail.reported_by_you).toBe(true);
    expect((await get('/api/oops/reported-by-me', reporter)).json()).toEqual({ ids: [report.id] });
    for (const other of [owner, admin, member]) {
      expect((await get('/api/oops/reported-by-me', other)).json()).toEqual({ ids: [] });
    }
    // An ordinary near-miss says nothing about who reported it.
    expect((await get(`/api/oops/detail/${earlier.id_slug}`, reporter)).json().reported_by_you).toBe(
      undefined,
    );
  });

  it('the API with a personal access token does not name the reporter', async () => {
    const { token } = await mintApiToken(app, owner.user.id, ['read']);
    const auth = { auth: { authorization: `Bearer ${token}` } };
    for (const url of ['/api/oops', `/api/oops/detail/${report.id_slug}`, '/api/oops/export.csv']) {
      const res = await get(url, auth);
      expect(res.statusCode, url).toBe(200);
      expectNoReporter(res.body);
    }
  });

  it('live events and webhook payloads do not name the reporter', async () => {
    await vi.waitFor(() => expect(liveText).toContain(`${report.id}`), { timeout: 5000, interval: 20 });
    expectNoReporter(liveText);
    await vi.waitFor(
      () => {
        const kinds = receiver.requests
          .filter((r) => r.url === '/confidential')
          .map((r) => (JSON.parse(r.body) as { type: string }).type);
        expect(kinds).toEqual(expect.arrayContaining(['oops.created', 'oops.note_added', 'oops.closed']));
      },
      { timeout: 20_000, interval: 50 },
    );
    const bodies = receiver.requests.filter((r) => r.url === '/confidential').map((r) => r.body);
    for (const body of bodies) expectNoReporter(body);
    const createdEvent = bodies
      .map((b) => JSON.parse(b) as { type: string; data: { actor: unknown; oops: { logged_by: string } } })
      .find((e) => e.type === 'oops.created')!;
    expect(createdEvent.data.actor).toEqual({ id: 0, name: CONFIDENTIAL_REPORTER });
    expect(createdEvent.data.oops.logged_by).toBe(CONFIDENTIAL_REPORTER);
  });

  it('the super admin cannot read it, and the admin screens and audit log do not tie it to the reporter', async () => {
    expect((await get(`/api/oops/detail/${report.id_slug}`, superAdmin)).statusCode).toBe(404);
    const audit = await get('/api/admin/audit?limit=100', superAdmin);
    expect(audit.statusCode).toBe(200);
    expect(audit.body).not.toContain(title);
    // Other test files share the audit log on PostgreSQL, and their ids (a token's, say) may equal the report's.
    const ours = audit
      .json<{ events: { team_id: number | null; actor_id: number | null; target: string | null }[] }>()
      .events.filter((e) => e.team_id === owner.user.team!.id || e.actor_id === reporter.user.id);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.filter((e) => e.target === String(report.id))).toEqual([]);
    const teams = await get('/api/admin/teams', superAdmin);
    expect(teams.statusCode).toBe(200);
    const team = teams.json<{ teams: { id: number }[] }>().teams.find((t) => t.id === owner.user.team!.id);
    expect(team).toMatchObject({ oops_count: 2 });
    expectNoReporter(JSON.stringify(team));
    // The users screen lists the reporter as a user, with nothing about what they reported.
    const users = await get(`/api/admin/users?search=${encodeURIComponent(reporter.email)}`, superAdmin);
    expect(users.statusCode).toBe(200);
    expect(users.body).not.toContain(title);
    expect(users.body).not.toContain('oops');
  });

  it('counts in the dashboard near-miss signal like any near-miss', async () => {
    const stats = (await get('/api/oops/stats', owner)).body;
    expect(stats).toContain('2 near-misses reported');
  });
});
