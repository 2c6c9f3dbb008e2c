// Deliveries run on the job engine and survive the process: an incident logged through the real server reaches a
// webhook receiver signed per Standard Webhooks, and a delivery in flight when the server is killed with -9 is
// delivered after restart, at least once, with the same webhook-id.
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { databaseKind } from '../../test/app';
import { signedInOwner as ownerToken, useInstallations } from '../../test/installation';
import { startReceiver } from '../../test/receiver';
import { freePort, post } from '../../test/server-process';

const { installation: newInstallation, start } = useInstallations();
// Expired jobs of a dead process are looked for every second instead of every 30 s; every log line is kept, to
// check that the signing secret is never among them.
const installation = () => newInstallation({ JOBS_SUPERVISE_SECONDS: '1', LOG_LEVEL: 'debug' });

const oops = { title: 'Deploy failed', severity: 'High', description: 'The pipeline could not roll out.' };

describe(`webhook deliveries on the job engine (${databaseKind()})`, () => {
  it('deliver a logged incident, signed, finish a delivery cut off by kill -9 after restart, and log no secret', async () => {
    const env = installation();
    const port = await freePort();
    const receiver = await startReceiver();
    // The first request is held unanswered: the server dies while the delivery is in flight.
    receiver.answer({ status: 200, hang: true });
    const first = await start(env, port);
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

    const second = await start(env, port);
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
    const logs = first.output() + second.output();
    expect(logs).toContain('"reqId"');
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain(secret.replace(/^whsec_/, ''));
    expect(logs).not.toContain(token);
  }, 90_000);
});
