// Deliveries run on the job engine and survive the process: an incident logged through the real server reaches a
// webhook receiver signed per Standard Webhooks, and a delivery in flight when the server is killed with -9 is
// delivered after restart, at least once, with the same webhook-id.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { databaseKind } from '../../test/app';
import { GOOD_PASSWORD, unique } from '../../test/factories';
import { startReceiver } from '../../test/receiver';
import { freePort, post, startServer, type ServerProcess } from '../../test/server-process';

const dirs: string[] = [];
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await Promise.all(running.map((s) => s.exited));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function installation(): Record<string, string> {
  // Expired jobs of a dead process are looked for every second instead of every 30 s.
  const env = { JOBS_SUPERVISE_SECONDS: '1' };
  if (databaseKind() === 'postgres') return { ...env, DATABASE_URL: inject('postgresUrl') };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-webhook-durability-'));
  dirs.push(dir);
  return { ...env, DATA_DIR: dir };
}

async function ownerToken(url: string): Promise<string> {
  const email = `${unique()}@example.com`;
  const registered = await post(url, '/api/auth/register', {
    email,
    password: GOOD_PASSWORD,
    name: 'Hook Owner',
    username: unique(),
    teamName: 'Hooked',
    industry: 'Other',
  });
  expect(registered.status).toBe(201);
  return (await post(url, '/api/auth/login', { email, password: GOOD_PASSWORD })).json!.token as string;
}

const oops = { title: 'Deploy failed', severity: 'High', description: 'The pipeline could not roll out.' };

describe(`webhook deliveries on the job engine (${databaseKind()})`, () => {
  it('deliver a logged incident, signed, and finish a delivery cut off by kill -9 after restart', async () => {
    const env = installation();
    const port = await freePort();
    const receiver = await startReceiver();
    // The first request is held unanswered: the server dies while the delivery is in flight.
    receiver.answer({ status: 200, hang: true });
    const first = await startServer(env, port);
    running.push(first);
    const token = await ownerToken(first.url);
    const created = await post(
      first.url,
      '/api/team/current/webhooks',
      { url: `${receiver.url}/hook`, events: ['oops.created'], kind: 'generic' },
      token,
    );
    expect(created.status).toBe(201);
    const secret = created.json!.secret as string;

    expect((await post(first.url, '/api/oops', oops, token)).status).toBe(201);
    await receiver.received(1);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer(env, port);
    running.push(second);
    await receiver.received(2);
    const [cut, delivered] = receiver.requests;
    expect(delivered!.headers['webhook-id']).toBe(cut!.headers['webhook-id']);
    const verified = new Webhook(secret).verify(delivered!.body, {
      'webhook-id': String(delivered!.headers['webhook-id']),
      'webhook-timestamp': String(delivered!.headers['webhook-timestamp']),
      'webhook-signature': String(delivered!.headers['webhook-signature']),
    }) as { type: string; data: { oops: { title: string } } };
    expect(verified).toMatchObject({ type: 'oops.created', data: { oops: { title: 'Deploy failed' } } });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);
});
