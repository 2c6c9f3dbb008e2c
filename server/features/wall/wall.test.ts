// The wall display (decision 050): display tokens made and revoked by owners and admins, owned by the team; the
// wall's one read for a display token, a session or a read token; and a display token refused everywhere else.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { WallData } from '../../../common/contracts/wall';
import { API_TOKEN_TEXTS } from '../../../common/domain/api-tokens';
import { DISPLAY_TOKEN_PREFIX, WALL_LIMITS, WALL_TEXTS } from '../../../common/domain/wall';
import { auditEvents, displayTokens } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { mintApiToken } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { send: async () => {} });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const TOKENS = '/api/team/current/display-tokens';

async function makeDisplayToken(as: SignedIn, name = 'Office TV'): Promise<{ id: number; token: string }> {
  const res = await app.inject({ method: 'POST', url: TOKENS, headers: as.auth, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const wallOf = (headers: Record<string, string>) => app.inject({ url: '/api/wall', headers });

describe('display tokens in team settings', () => {
  it('answers the oops_wall_ secret once, stores only its hash, and lists a hint instead', async () => {
    const owner = await signUp(app);
    const made = await makeDisplayToken(owner, '  Lobby screen  ');
    expect(made.token.startsWith(DISPLAY_TOKEN_PREFIX)).toBe(true);
    const [row] = await app.db.select().from(displayTokens).where(eq(displayTokens.id, made.id));
    expect(row!.tokenHash).toBe(hashToken(made.token));
    expect(row!.name).toBe('Lobby screen');
    expect(JSON.stringify(row)).not.toContain(made.token);
    const list = await app.inject({ url: TOKENS, headers: owner.auth });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.token);
    expect(list.body).not.toContain(row!.tokenHash);
    expect(list.json().tokens).toEqual([
      expect.objectContaining({
        id: made.id,
        name: 'Lobby screen',
        token_hint: made.token.slice(-WALL_LIMITS.hintLength),
        created_by: owner.user.name,
        last_used_at: null,
      }),
    ]);
    const audit = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'display_token.created'), eq(auditEvents.target, String(made.id))));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(made.token);
  });

  it('lets admins manage them and refuses members, other teams and tokens', async () => {
    const owner = await signUp(app);
    const admin = await memberOf(app, owner.user.team!.id, 'admin');
    const member = await memberOf(app, owner.user.team!.id, 'member');
    const made = await makeDisplayToken(admin);
    for (const [method, url] of [
      ['GET', TOKENS],
      ['POST', TOKENS],
      ['DELETE', `${TOKENS}/${made.id}`],
    ] as const) {
      const res = await app.inject({ method, url, headers: member.auth, payload: { name: 'x' } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe(WALL_TEXTS.managersOnly);
    }
    const other = await signUp(app);
    const foreign = await app.inject({ method: 'DELETE', url: `${TOKENS}/${made.id}`, headers: other.auth });
    expect(foreign.statusCode).toBe(404);
    expect((await app.inject({ url: TOKENS, headers: other.auth })).json().tokens).toEqual([]);
    const write = await mintApiToken(app, owner.user.id, ['read', 'write']);
    const byToken = await app.inject({
      method: 'POST',
      url: TOKENS,
      headers: bearer(write.token),
      payload: { name: 'x' },
    });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().error).toBe(API_TOKEN_TEXTS.sessionOnly);
    expect((await wallOf(bearer(made.token))).statusCode).toBe(200);
  });

  it('refuses a blank or long name and more than the cap, changing nothing', async () => {
    const owner = await signUp(app);
    for (const name of ['   ', 'x'.repeat(WALL_LIMITS.nameMax + 1)]) {
      const res = await app.inject({ method: 'POST', url: TOKENS, headers: owner.auth, payload: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Display name/);
    }
    for (let i = 0; i < WALL_LIMITS.tokensPerTeam; i++) await makeDisplayToken(owner, `TV ${i}`);
    const over = await app.inject({
      method: 'POST',
      url: TOKENS,
      headers: owner.auth,
      payload: { name: 'one more' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe(WALL_TEXTS.tooMany);
    const rows = await app.db
      .select()
      .from(displayTokens)
      .where(eq(displayTokens.teamId, owner.user.team!.id));
    expect(rows).toHaveLength(WALL_LIMITS.tokensPerTeam);
  });

  it('stops a revoked token at its next call, and keeps one whose maker left the team', async () => {
    const owner = await signUp(app);
    const admin = await memberOf(app, owner.user.team!.id, 'admin');
    const kept = await makeDisplayToken(admin, 'Kept');
    const revoked = await makeDisplayToken(owner, 'Revoked');
    expect((await wallOf(bearer(revoked.token))).statusCode).toBe(200);
    const del = await app.inject({ method: 'DELETE', url: `${TOKENS}/${revoked.id}`, headers: owner.auth });
    expect(del.statusCode).toBe(200);
    expect((await wallOf(bearer(revoked.token))).statusCode).toBe(401);
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/team/current/members/${admin.user.id}`,
      headers: owner.auth,
    });
    expect(removal.statusCode, removal.body).toBe(200);
    const wall = await wallOf(bearer(kept.token));
    expect(wall.statusCode).toBe(200);
    expect(wall.json<WallData>().team_name).toBe(owner.user.team!.name);
  });
});

describe('GET /api/wall', () => {
  it('shows the team, the timer, open incidents most severe first, the trend and the latest lesson', async () => {
    const owner = await signUp(app);
    const empty = await wallOf(owner.auth);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      team_name: owner.user.team!.name,
      last_incident_at: null,
      open_incidents: { items: [], total: 0 },
      latest_lesson: null,
    });
    expect(empty.json<WallData>().trend).toHaveLength(WALL_LIMITS.trendWeeks);

    const low = await logOops(app, owner, { title: 'Low one', severity: 'Low' });
    const critical = await logOops(app, owner, { title: 'Critical one', severity: 'Critical' });
    const resolved = await logOops(app, owner, { title: 'Resolved one', severity: 'Critical' });
    await app.inject({
      method: 'POST',
      url: `/api/oops/${resolved.id}/resolve`,
      headers: owner.auth,
      payload: {},
    });
    await logOops(app, owner, { title: 'Near miss', severity: 'High', kind: 'near_miss' });
    for (let i = 0; i < WALL_LIMITS.openIncidents; i++)
      await logOops(app, owner, { title: `Medium ${i}`, severity: 'Medium' });
    const last = await logOops(app, owner, {
      title: 'Newest',
      severity: 'Low',
      lesson_learned: 'Check the pool size',
    });

    const { token } = await makeDisplayToken(owner);
    const res = await wallOf(bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const wall = res.json<WallData>();
    expect(wall.last_incident_at).toBe(last.created_at);
    expect(wall.open_incidents.total).toBe(WALL_LIMITS.openIncidents + 3);
    expect(wall.open_incidents.items).toHaveLength(WALL_LIMITS.openIncidents);
    expect(wall.open_incidents.items[0]).toEqual({
      id: critical.id,
      title: 'Critical one',
      severity: 'Critical',
      created_at: critical.created_at,
    });
    const titles = wall.open_incidents.items.map((i) => i.title);
    expect(titles).not.toContain('Resolved one');
    expect(titles).not.toContain('Near miss');
    expect(titles).not.toContain(low.title);
    const thisWeek = wall.trend.at(-1)!;
    expect(thisWeek).toMatchObject({ incidents: WALL_LIMITS.openIncidents + 4, near_misses: 1 });
    expect(wall.trend.slice(0, -1).every((w) => w.incidents === 0 && w.near_misses === 0)).toBe(true);
    expect(new Date(wall.trend[0]!.start) < new Date(thisWeek.start)).toBe(true);
    expect(wall.latest_lesson).toMatchObject({ text: 'Check the pool size', state: 'captured' });
    const [row] = await app.db
      .select()
      .from(displayTokens)
      .where(eq(displayTokens.tokenHash, hashToken(token)));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('reads the caller’s own team: a display token its team, a session or read token the current team', async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    await logOops(app, b, { title: 'Only in B' });
    const display = await makeDisplayToken(a);
    const asDisplay = (await wallOf(bearer(display.token))).json<WallData>();
    expect(asDisplay.team_name).toBe(a.user.team!.name);
    expect(asDisplay.open_incidents.total).toBe(0);
    const read = await mintApiToken(app, b.user.id, ['read']);
    expect((await wallOf(bearer(read.token))).json<WallData>().open_incidents.total).toBe(1);
    const write = await mintApiToken(app, b.user.id, ['write']);
    expect((await wallOf(bearer(write.token))).statusCode).toBe(403);
    expect((await wallOf({})).statusCode).toBe(401);
    expect((await wallOf(bearer(`${DISPLAY_TOKEN_PREFIX}${'x'.repeat(43)}`))).statusCode).toBe(401);
  });
});

describe('a display token anywhere else', () => {
  it('is refused with 403 on every other API route, public ones included, and each refusal is audited', async () => {
    const owner = await signUp(app);
    const { id, token } = await makeDisplayToken(owner);
    const routes = app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/wall',
    );
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const res = await app.inject({
        method: route.method as 'GET',
        url,
        headers: bearer(token),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error).toBe(WALL_TEXTS.displayOnly);
    }
    const denied = await app.db
      .select()
      .from(auditEvents)
      // The team too: on a shared PostgreSQL database another file's API token can have the same id.
      .where(
        and(
          eq(auditEvents.action, 'token.denied'),
          eq(auditEvents.target, String(id)),
          eq(auditEvents.teamId, owner.user.team!.id),
        ),
      );
    expect(denied).toHaveLength(routes.length);
    expect(denied[0]!.details).toMatchObject({ reason: 'display_only' });
    expect(JSON.stringify(denied)).not.toContain(token);
  });
});
