// A sign-in link must survive a failure while it is being used: the web transport retries 5xx (docs/product.md §7), and that
// retry must sign in rather than meet "invalid link". Failures are real database errors, raised by a trigger that
// this test installs for one address only (other test files may share the PostgreSQL database).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { registerUser, unique } from '../../test/factories';
import { startSmtp } from '../../test/smtp';

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ smtpUrl: smtp.url });
});

const installed = new Set<string>();
afterEach(async () => {
  for (const handle of installed) await dropFailure(handle);
});

/** Makes inserts into `table` that match `condition` fail, until dropFailure. */
async function failInserts(table: 'sessions' | 'users', condition: string): Promise<string> {
  const name = unique('fail_');
  await app.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if ${condition} then raise exception 'injected failure'; end if;
        return new;
      end $$`),
  );
  await app.db.execute(
    sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`),
  );
  const handle = `${table}:${name}`;
  installed.add(handle);
  return handle;
}

async function dropFailure(handle: string): Promise<void> {
  const [table, name] = handle.split(':');
  await app.db.execute(sql.raw(`drop trigger if exists ${name} on ${table}`));
  await app.db.execute(sql.raw(`drop function if exists ${name}()`));
  installed.delete(handle);
}

async function linkFor(email: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email } });
  expect(res.statusCode).toBe(200);
  return smtp.tokenFor(email);
}

const verify = (token: string) => app.inject({ url: `/api/auth/verify?token=${token}` });

describe('magic link: using the link is all or nothing', () => {
  it('a failure while opening the session leaves the link usable, and the retry signs in', async () => {
    const { email, user } = await registerUser(app);
    const token = await linkFor(email);
    const failure = await failInserts('sessions', `new.user_id = ${user.id}`);
    const failed = await verify(token);
    expect(failed.statusCode).toBe(500);
    await dropFailure(failure);
    const retried = await verify(token);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ success: true, user: { email } });
    // Still single use once it has worked.
    expect((await verify(token)).statusCode).toBe(400);
  });

  it('a failure while creating a new account creates nothing, and the retry creates it once', async () => {
    const email = `${unique()}@example.com`;
    const token = await linkFor(email);
    const failure = await failInserts('users', `new.email = '${email}'`);
    expect((await verify(token)).statusCode).toBe(500);
    expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    await dropFailure(failure);
    const retried = await verify(token);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().user).toMatchObject({ email, team: { name: 'Personal Team' } });
    expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
