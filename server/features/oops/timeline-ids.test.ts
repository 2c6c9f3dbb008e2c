// docs/product.md §3 shapes a timeline event as timestamp, event, icon, color, description, user: no id. Such events are taken,
// given ids that stay, and a client that never saw the ids can still reorder and delete.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let owner: SignedIn;
beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
});

const put = (id: number, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/api/oops/${id}`, headers: owner.auth, payload });

// As docs/product.md §3 lists the fields, in its order, with no id.
const paged = {
  timestamp: '2026-11-20T09:00:00Z',
  event: 'Escalation',
  icon: 'alert-triangle',
  color: 'orange',
  description: 'Paged the DBA',
  user: 'Ann',
};
const restored = {
  ...paged,
  timestamp: '2026-11-20T10:00:00Z',
  event: 'Service Restored',
  description: 'Back',
};
const notified = {
  ...paged,
  timestamp: '2026-11-20T09:30:00Z',
  event: 'Customer Notified',
  description: 'Mail',
};

type Event = { id: string; event: string };
const events = (res: { json: () => { timeline_events: Event[] } }) => res.json().timeline_events;

describe('timeline events without ids', () => {
  it('are accepted and each gets an id of its own', async () => {
    const o = await logOops(app, owner);
    const res = await put(o.id, { timeline_events: [paged, restored] });
    expect(res.statusCode).toBe(200);
    const saved = events(res);
    expect(saved.map((e) => e.event)).toEqual(['Escalation', 'Service Restored']);
    expect(saved[0]).toMatchObject(paged);
    expect(saved[0]!.id).toBeTruthy();
    expect(saved[0]!.id).not.toBe(saved[1]!.id);
  });

  it('keep their ids when the list is sent again, reordered or with one removed, still without ids', async () => {
    const o = await logOops(app, owner);
    const [a, b, c] = events(await put(o.id, { timeline_events: [paged, notified, restored] }));
    const reordered = events(await put(o.id, { timeline_events: [restored, paged, notified] }));
    expect(reordered.map((e) => e.id)).toEqual([c!.id, a!.id, b!.id]);
    const removed = await put(o.id, { timeline_events: [restored, paged] });
    expect(removed.statusCode).toBe(200);
    expect(events(removed).map((e) => e.id)).toEqual([c!.id, a!.id]);
    const detail = await app.inject({ url: `/api/oops/detail/${o.id}`, headers: owner.auth });
    expect(events(detail).map((e) => e.id)).toEqual([c!.id, a!.id]);
  });

  it('mix with events that carry ids; a new event beside an identical one gets a new id', async () => {
    const o = await logOops(app, owner);
    const [a] = events(await put(o.id, { timeline_events: [paged] }));
    const res = await put(o.id, { timeline_events: [{ ...paged, id: a!.id }, paged] });
    expect(res.statusCode).toBe(200);
    const [first, second] = events(res);
    expect(first!.id).toBe(a!.id);
    expect(second!.id).toBeTruthy();
    expect(second!.id).not.toBe(a!.id);
  });
});
