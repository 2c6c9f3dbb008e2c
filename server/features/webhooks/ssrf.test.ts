// SSRF refusals with WEBHOOK_ALLOW_PRIVATE off: at create/update through the API, and again at send time.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { DomainEvent } from '../../../common/contracts/domain-events';
import { webhookDeliveries } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { startReceiver } from '../../test/receiver';
import { attemptDelivery } from './deliver';
import { fanOutEvent } from './fan-out';
import { isPublicAddress, vetUrl, type Lookup } from './ssrf';

// A resolver for names that do not exist on the network: a real lookup for everything else (localhost included).
const zone: Record<string, string[]> = {
  'intranet.example.test': ['10.20.30.40'],
  'mixed.example.test': ['93.184.215.14', '192.168.1.10'],
  'public.example.test': ['93.184.215.14'],
  'metadata.example.test': ['fd00:ec2::254'],
};
let rebind: string | null = null;
const lookup: Lookup = async (host) => {
  if (host.endsWith('.invalid'))
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  if (host === 'rebinding.example.test') return [{ address: rebind ?? '93.184.215.14', family: 4 }];
  const addresses = zone[host];
  if (addresses) return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const { systemLookup } = await import('./ssrf');
  return systemLookup(host);
};

let app: FastifyInstance;
let owner: SignedIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await createTestApp(
    { webhookAllowPrivate: false },
    { send: async () => {} },
    { webhooks: { lookup } },
  );
  owner = await signUp(app);
});

const create = (url: string) =>
  app.inject({
    method: 'POST',
    url: '/api/team/current/webhooks',
    headers: owner.auth,
    payload: { url, events: ['*'], kind: 'generic' },
  });

const PRIVATE_MESSAGE =
  'This URL points to a private, loopback, link-local or metadata address; webhooks may only reach public addresses.';

describe('SSRF guard', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://127.0.0.1:1/hook',
    'http://10.0.0.8/hook',
    'http://172.16.5.4/hook',
    'http://192.168.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://255.255.255.255/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[fe80::1]/',
    'http://[fd00:ec2::254]/',
    'http://localhost/hook',
    'http://intranet.example.test/hook',
    'https://mixed.example.test/hook',
    'https://metadata.example.test/hook',
  ])('refuses %s', async (url) => {
    const res = await create(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(PRIVATE_MESSAGE);
  });

  it('accepts public addresses and names, and refuses a name that does not resolve', async () => {
    expect((await create('https://93.184.215.14/hook')).statusCode).toBe(201);
    expect((await create('https://public.example.test/hook')).statusCode).toBe(201);
    const res = await create('https://no-such-host.invalid/hook');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The host no-such-host.invalid could not be resolved.');
  });

  it('refuses a private URL on update too', async () => {
    const { id } = (await create('https://public.example.test/a')).json();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/team/current/webhooks/${id}`,
      headers: owner.auth,
      payload: { url: 'http://10.1.1.1/' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(PRIVATE_MESSAGE);
  });

  it('checks again at send time: a name that now resolves to a private address is not contacted', async () => {
    const { id } = (await create('https://rebinding.example.test/hook')).json();
    rebind = '127.0.0.1';
    const event: DomainEvent = {
      id: Date.now(),
      type: 'team.updated',
      teamId: owner.user.team!.id,
      payload: { actor: null, team: { id: owner.user.team!.id, name: 'T' } },
      occurredAt: new Date(),
    };
    const deliveryIds = await fanOutEvent(app.db, event);
    const [deliveryId] = (
      await app.db
        .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
        .from(webhookDeliveries)
    )
      .filter((d) => d.endpointId === id && deliveryIds.includes(d.id))
      .map((d) => d.id);
    const before = receiver.requests.length;
    const result = await attemptDelivery(
      { db: app.db, config: app.config, mailer: app.mailer, now: () => new Date(), random: () => 0, lookup },
      deliveryId!,
    );
    expect(result.retryAt).not.toBeNull();
    const [row] = await app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId!));
    expect(row).toMatchObject({ responseStatus: null, error: `Not sent: ${PRIVATE_MESSAGE}` });
    expect(receiver.requests.length).toBe(before);
  });

  it('classifies addresses', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '::1',
      '::',
      '::ffff:10.0.0.1',
      'fc00::1',
      'x',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('lets private addresses through when WEBHOOK_ALLOW_PRIVATE is on', async () => {
    await expect(vetUrl(receiver.url, { allowPrivate: true })).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(vetUrl(receiver.url, { allowPrivate: false })).rejects.toThrow(PRIVATE_MESSAGE);
  });
});
