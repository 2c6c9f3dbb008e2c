// An edit without a transaction (decision 027): it reads the row with its version and writes the change with its
// event in one statement that applies only to that version. These check that a write against an older version
// changes nothing and emits nothing, and that an edit another write overtook is applied to the row as it now stands.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { domainEvents, oops } from '../../db/schema';
import { createTestApp, databaseKind } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import type { TeamActor } from '../../lib/actor';
import { actionToday } from '../../../common/domain/actions';
import { completenessOf } from './fields';
import { preparedReads } from './summary-reads';
import { STALE, writeOopsChanges } from './service';

let app: FastifyInstance;
let owner: SignedIn;
let actor: TeamActor;
beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
  actor = {
    userId: owner.user.id,
    via: 'session',
    sessionId: null,
    tokenId: null,
    scopes: null,
    email: owner.email,
    name: owner.user.name,
    username: owner.user.username,
    userDepartment: null,
    isSuperAdmin: false,
    teamId: owner.user.team!.id,
    teamName: owner.user.team!.name,
    role: 'owner',
  };
});

const put = (id: number, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/api/oops/${id}`, headers: owner.auth, payload });

const eventsOf = (id: number) =>
  app.db
    .select({ type: domainEvents.type, payload: domainEvents.payload })
    .from(domainEvents)
    .where(
      and(
        eq(domainEvents.teamId, actor.teamId),
        sql`(${domainEvents.payload} -> 'oops' ->> 'id')::int = ${id}`,
      ),
    )
    .orderBy(domainEvents.id);

async function readForEdit(id: number) {
  const [read] = await preparedReads(app.db).detail.execute({ id, team: actor.teamId, today: actionToday() });
  return { row: { ...read!.row, loggedBy: read!.createdByName }, version: read!.version };
}

describe('an edit written against the version it read', () => {
  it('writes nothing and emits nothing once another write changed the row, and applies to the current version', async () => {
    const o = await logOops(app, owner);
    const before = await readForEdit(o.id);
    expect((await put(o.id, { title: 'Renamed meanwhile' })).statusCode).toBe(200);
    const emitted = (await eventsOf(o.id)).length;

    const late = await writeOopsChanges(app.db, actor, before.row, { severity: 'Critical' }, before.version);
    expect(late).toBe(STALE);
    const [row] = await app.db.select().from(oops).where(eq(oops.id, o.id));
    expect(row).toMatchObject({ title: 'Renamed meanwhile', severity: o.severity });
    expect(await eventsOf(o.id)).toHaveLength(emitted);

    const now = await readForEdit(o.id);
    const written = await writeOopsChanges(app.db, actor, now.row, { severity: 'Critical' }, now.version);
    expect(written).toMatchObject({
      id: o.id,
      title: 'Renamed meanwhile',
      severity: 'Critical',
      teamName: actor.teamName,
    });
    const events = await eventsOf(o.id);
    expect(events).toHaveLength(emitted + 1);
    expect(events.at(-1)).toMatchObject({
      type: 'oops.updated',
      payload: {
        changed: ['severity'],
        oops: { id: o.id, title: 'Renamed meanwhile', severity: 'Critical' },
      },
    });
  });
});

// Only PostgreSQL has a second connection that can change the row between an edit's read and its write: PGlite
// runs one statement at a time on one connection.
if (databaseKind() === 'postgres') {
  describe('an edit another write overtook (postgres)', () => {
    it('is applied to the row as that write left it, with a completeness that counts both', async () => {
      const o = await logOops(app, owner);
      const other = new pg.Client({ connectionString: inject('postgresUrl') });
      await other.connect();
      try {
        // Another transaction changes the row and holds it: the edit reads the version before it, and its write
        // waits on the lock, then finds a newer version.
        await other.query('begin');
        await other.query('update oops set lesson_learned = $1 where id = $2', ['Alert on pool size', o.id]);
        const edit = put(o.id, { impact: 'Checkout down 20 min' });
        await waitForLockWait(other);
        await other.query('commit');
        const res = await edit;
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          impact: 'Checkout down 20 min',
          lesson_learned: 'Alert on pool size',
        });
        const [row] = await app.db.select().from(oops).where(eq(oops.id, o.id));
        expect(row).toMatchObject({ impact: 'Checkout down 20 min', lessonLearned: 'Alert on pool size' });
        expect(row!.completeness).toBe(completenessOf(row!));
        expect(res.json().completeness).toBe(row!.completeness);
        const events = await eventsOf(o.id);
        expect(events.at(-1)).toMatchObject({ type: 'oops.updated', payload: { changed: ['impact'] } });
        expect(events.filter((e) => e.type === 'oops.updated')).toHaveLength(1);
      } finally {
        await other.end();
      }
    });
  });
}

/** Resolves once a session waits for a lock `holder` holds (the edit, behind its row lock). */
async function waitForLockWait(holder: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await holder.query(
      'select count(*)::int as waiting from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
    );
    if (rows[0].waiting > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
