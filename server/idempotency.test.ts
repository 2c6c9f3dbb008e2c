// Idempotency-Key on every create (decision 031): a retry with the same key and body replays the first answer and
// creates nothing; the same key with another body is a 422; a duplicate while the first still runs is a 409.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp } from './test/app';
import { signUp, type SignedIn } from './test/factories';
import { logOops, VALID_OOPS } from './test/oops-factory';
import { queryRows } from './lib/sql-rows';
import { idempotencyKeys } from './db/schema';

let app: FastifyInstance;
let owner: SignedIn;

beforeAll(async () => {
  app = await createTestApp(
    {},
    { send: async () => {} },
    { webhooks: { scheduler: { schedule: async () => {} } } },
  );
  owner = await signUp(app);
});

const create = (url: string, payload: unknown, key?: string, as: SignedIn = owner) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...as.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: payload as object,
  });

/** The team's rows of every table a create writes. */
async function counts(teamId = owner.user.team!.id): Promise<string> {
  const [row] = await queryRows(
    app.db,
    sql`select (select count(*) from oops where team_id = ${teamId})::int as oops,
      (select count(*) from oops_notes n join oops o on o.id = n.oops_id where o.team_id = ${teamId})::int as notes,
      (select count(*) from oops_actions a join oops o on o.id = a.oops_id where o.team_id = ${teamId})::int as actions,
      (select count(*) from oops_links l join oops o on o.id = l.oops_id where o.team_id = ${teamId})::int as links,
      (select count(*) from webhook_endpoints where team_id = ${teamId})::int as webhooks,
      (select count(*) from api_tokens where user_id = ${owner.user.id})::int as tokens`,
  );
  return JSON.stringify(row);
}

describe('Idempotency-Key', () => {
  it('replays the first answer of an incident create and creates nothing more', async () => {
    const key = randomUUID();
    const first = await create('/api/oops', VALID_OOPS, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await counts();
    const retry = await create('/api/oops', VALID_OOPS, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await counts()).toBe(before);
    // The draft's Structured Fields form of the same key is the same key.
    const quoted = await create('/api/oops', VALID_OOPS, `"${key}"`);
    expect(quoted.headers['idempotent-replayed']).toBe('true');
    expect(await counts()).toBe(before);
  });

  it('refuses the same key with another body with a 422, and creates nothing', async () => {
    const key = randomUUID();
    expect((await create('/api/oops', VALID_OOPS, key)).statusCode).toBe(201);
    const before = await counts();
    const other = await create('/api/oops', { ...VALID_OOPS, title: 'Another incident' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      error:
        'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
      code: 'idempotency_key_reused',
    });
    // Another path is another request too.
    const elsewhere = await create(
      '/api/team/current/webhooks',
      { url: 'http://127.0.0.1:9/x', events: ['member.removed'], kind: 'generic' },
      key,
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(await counts()).toBe(before);
  });

  it('answers a duplicate that arrives while the first request runs with a 409, and creates one incident', async () => {
    const key = randomUUID();
    const first = await create('/api/oops', VALID_OOPS, key);
    const { principal, fingerprint } = (
      await app.db
        .select()
        .from(idempotencyKeys)
        .where(sql`key = ${key}`)
    )[0]!;
    // A reservation without an answer is what a request still running leaves.
    const running = randomUUID();
    await app.db.insert(idempotencyKeys).values({
      principal,
      key: running,
      fingerprint,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const before = await counts();
    const duplicate = await create('/api/oops', VALID_OOPS, running);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<{ code: string }>().code).toBe('idempotency_key_in_use');
    expect(duplicate.headers['retry-after']).toBe('1');
    expect(await counts()).toBe(before);
    expect(first.statusCode).toBe(201);

    // Two at once: one incident, and each answer is the first's or a 409.
    const together = randomUUID();
    const answers = await Promise.all([
      create('/api/oops', VALID_OOPS, together),
      create('/api/oops', VALID_OOPS, together),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual(
      answers.some((a) => a.statusCode === 409) ? [201, 409] : [201, 201],
    );
    expect(JSON.parse(await counts()).oops).toBe(JSON.parse(before).oops + 1);
  });

  it('keeps no error answer: the key is free again after a refused create', async () => {
    const key = randomUUID();
    const refused = await create('/api/oops', { ...VALID_OOPS, title: '' }, key);
    expect(refused.statusCode).toBe(400);
    const created = await create('/api/oops', VALID_OOPS, key);
    expect(created.statusCode).toBe(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
  });

  it("keeps each caller's keys apart", async () => {
    const key = randomUUID();
    const other = await signUp(app);
    expect((await create('/api/oops', VALID_OOPS, key)).statusCode).toBe(201);
    const theirs = await create('/api/oops', VALID_OOPS, key, other);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(JSON.parse(await counts(other.user.team!.id)).oops).toBe(1);
  });

  it('refuses a malformed key with a 400', async () => {
    const before = await counts();
    for (const key of ['', 'x'.repeat(256), 'has space', 'é']) {
      const res = await create('/api/oops', VALID_OOPS, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^Idempotency-Key must be/);
    }
    expect(await counts()).toBe(before);
  });

  it('replays every create: notes, actions, links, webhooks, tokens and imports', async () => {
    const first = await logOops(app, owner, { title: 'Replay target' });
    const second = await logOops(app, owner, { title: 'Replay other' });
    const creates: [string, unknown][] = [
      [`/api/oops/${first.id}/notes`, { note: 'Checked the logs' }],
      [`/api/oops/${first.id}/actions`, { title: 'Add an alert' }],
      [`/api/oops/${first.id}/related/${second.id}`, {}],
      [
        '/api/team/current/webhooks',
        { url: 'http://127.0.0.1:9/replay', events: ['member.removed'], kind: 'generic' },
      ],
      ['/api/user/tokens', { name: 'replay', scopes: ['read'] }],
      ['/api/oops/import', { csv: 'title,severity,description\nImported,Low,Ten characters at least\n' }],
    ];
    for (const [url, payload] of creates) {
      const key = randomUUID();
      const answer = await create(url, payload, key);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(201);
      const before = await counts();
      const retry = await create(url, payload, key);
      expect(retry.statusCode, url).toBe(201);
      expect(retry.headers['idempotent-replayed'], url).toBe('true');
      expect(retry.body, url).toBe(answer.body);
      expect(await counts(), url).toBe(before);
    }
  });

  it('stores the first answer sealed: a token secret is not readable in the database', async () => {
    const key = randomUUID();
    const answer = await create('/api/user/tokens', { name: 'sealed', scopes: ['read'] }, key);
    const { token } = answer.json<{ token: string }>();
    const [row] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(sql`key = ${key}`);
    expect(row!.status).toBe(201);
    expect(row!.response).not.toContain(token);
    expect(row!.response).not.toContain('sealed');
  });

  it('documents the header and its answers on every create, and only there', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string }[]; responses: object }>
      >;
    }>();
    const withHeader = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'))
          .map(([method, op]) => {
            expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
            return `${method.toUpperCase()} ${path}`;
          }),
      )
      .sort();
    expect(withHeader).toEqual([
      'POST /api/oops',
      'POST /api/oops/import',
      'POST /api/oops/{id}/actions',
      'POST /api/oops/{id}/notes',
      'POST /api/oops/{id}/related/{otherId}',
      'POST /api/team/current/display-tokens',
      'POST /api/team/current/webhooks',
      'POST /api/user/tokens',
    ]);
  });
});
