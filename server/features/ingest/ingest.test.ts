// Alert ingestion through the API on the real database: Alertmanager and Grafana webhook bodies (fixtures written
// from their public documentation) open, repeat and resolve incidents; malformed bodies change nothing; and the CI
// one-liner of docs/integrations.md logs a Deployment Issue.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { oops } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { mintApiToken } from '../../test/actors';
import { signUp, type SignedIn } from '../../test/factories';
import amFiring from './fixtures/alertmanager-firing.json';
import amResolved from './fixtures/alertmanager-resolved.json';
import grafanaFiring from './fixtures/grafana-firing.json';
import grafanaResolved from './fixtures/grafana-resolved.json';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { send: async () => {} });
});

interface Team {
  owner: SignedIn;
  teamId: number;
  /** Authorization header of an ingest-scoped token of the owner. */
  ingest: { authorization: string };
}

async function newTeam(): Promise<Team> {
  const owner = await signUp(app);
  const { token } = await mintApiToken(app, owner.user.id, ['ingest']);
  return { owner, teamId: owner.user.team!.id, ingest: { authorization: `Bearer ${token}` } };
}

/** A fixture with a fingerprint of its own, so that tests sharing the database never meet. */
function withFingerprint<T extends { alerts: { fingerprint: string }[] }>(
  payload: T,
  fingerprint: string,
): T {
  return { ...payload, alerts: payload.alerts.map((a) => ({ ...a, fingerprint })) };
}

const post = (team: Team, source: 'alertmanager' | 'grafana', payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/ingest/${source}`,
    headers: { ...team.ingest, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function incidentCount(teamId: number): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(oops).where(eq(oops.teamId, teamId));
  return row!.n;
}

async function incidentsOf(teamId: number, fingerprint: string) {
  return app.db
    .select()
    .from(oops)
    .where(and(eq(oops.teamId, teamId), eq(oops.alertFingerprint, fingerprint)))
    .orderBy(oops.id);
}

const detail = async (team: Team, id: number) =>
  (await app.inject({ method: 'GET', url: `/api/oops/detail/${id}`, headers: team.owner.auth })).json();

describe('Alertmanager webhooks', () => {
  it('firing opens an incident: Monitoring Alert, severity from the label, department, fingerprint', async () => {
    const team = await newTeam();
    const res = await post(team, 'alertmanager', withFingerprint(amFiring, 'am-open-1'));
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json();
    expect(results).toEqual([{ fingerprint: 'am-open-1', action: 'created', oops_id: expect.any(Number) }]);
    const incident = await detail(team, results[0].oops_id);
    expect(incident).toMatchObject({
      title: 'HighErrorRate: High request error rate on checkout-api',
      severity: 'Critical',
      detection_method: 'Monitoring Alert',
      kind: 'incident',
      status: 'Open',
      area_department: 'Engineering',
      product_system: 'checkout-api',
      occurred_at: '2026-03-02T09:41:27.123Z',
      created_by_id: team.owner.user.id,
    });
    expect(incident.description).toContain('More than 5% of requests to checkout-api failed');
    const [row] = await incidentsOf(team.teamId, 'am-open-1');
    expect(row!.id).toBe(results[0].oops_id);
  });

  it('the same fingerprint again adds "Alert Fired Again" and opens nothing new; resolved adds "Incident Resolved"', async () => {
    const team = await newTeam();
    const firing = withFingerprint(amFiring, 'am-repeat-1');
    const created = (await post(team, 'alertmanager', firing)).json().results[0];
    const again = await post(team, 'alertmanager', firing);
    expect(again.statusCode).toBe(200);
    expect(again.json().results).toEqual([
      { fingerprint: 'am-repeat-1', action: 'repeated', oops_id: created.oops_id },
    ]);
    expect(await incidentCount(team.teamId)).toBe(1);
    const resolved = await post(team, 'alertmanager', withFingerprint(amResolved, 'am-repeat-1'));
    expect(resolved.json().results).toEqual([
      { fingerprint: 'am-repeat-1', action: 'resolved', oops_id: created.oops_id },
    ]);
    const incident = await detail(team, created.oops_id);
    expect(incident.status).toBe('Open');
    expect(incident.timeline_events).toMatchObject([
      {
        event: 'Alert Fired Again',
        type: 'custom',
        user: 'Alertmanager',
        description:
          'Alertmanager sent the alert HighErrorRate again (firing since 2026-03-02T09:41:27.123456789Z).',
      },
      { event: 'Incident Resolved', timestamp: '2026-03-02T10:12:57.5Z', user: 'Alertmanager' },
    ]);
    expect(new Set(incident.timeline_events.map((e: { id: string }) => e.id)).size).toBe(2);
    expect(await incidentCount(team.teamId)).toBe(1);
  });

  it('after the incident is closed, a new firing opens a new incident; a resolved alert alone is ignored', async () => {
    const team = await newTeam();
    const firing = withFingerprint(amFiring, 'am-closed-1');
    const first = (await post(team, 'alertmanager', firing)).json().results[0].oops_id;
    const close = await app.inject({
      method: 'PUT',
      url: `/api/oops/${first}`,
      headers: team.owner.auth,
      payload: { status: 'Closed' },
    });
    expect(close.statusCode, close.body).toBe(200);
    const ignored = await post(team, 'alertmanager', withFingerprint(amResolved, 'am-closed-1'));
    expect(ignored.json().results).toEqual([
      { fingerprint: 'am-closed-1', action: 'ignored', oops_id: null },
    ]);
    const second = (await post(team, 'alertmanager', firing)).json().results[0];
    expect(second.action).toBe('created');
    expect(second.oops_id).not.toBe(first);
    expect((await incidentsOf(team.teamId, 'am-closed-1')).map((r) => r.status)).toEqual(['Closed', 'Open']);
  });

  it('several alerts in one delivery: one result each, in order, one incident per fingerprint', async () => {
    const team = await newTeam();
    const alert = amFiring.alerts[0]!;
    const payload = {
      ...amFiring,
      alerts: [
        { ...alert, fingerprint: 'multi-a', labels: { ...alert.labels, severity: 'info' } },
        { ...alert, fingerprint: 'multi-b', labels: { ...alert.labels, severity: 'nonsense' } },
        { ...alert, fingerprint: 'multi-a' },
      ],
    };
    const res = await post(team, 'alertmanager', payload);
    const results = res.json().results;
    expect(results.map((r: { action: string }) => r.action)).toEqual(['created', 'created', 'repeated']);
    expect(results[2].oops_id).toBe(results[0].oops_id);
    expect((await detail(team, results[0].oops_id)).severity).toBe('Low');
    expect((await detail(team, results[1].oops_id)).severity).toBe('Medium');
  });

  it('two concurrent deliveries of one new alert open one incident', async () => {
    const team = await newTeam();
    const firing = withFingerprint(amFiring, 'am-race-1');
    const answers = await Promise.all([1, 2, 3].map(() => post(team, 'alertmanager', firing)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const actions = answers.map((a) => a.json().results[0].action).sort();
    expect(actions).toEqual(['created', 'repeated', 'repeated']);
    expect(await incidentsOf(team.teamId, 'am-race-1')).toHaveLength(1);
  });

  it("another team's token never touches this team's incidents", async () => {
    const ours = await newTeam();
    const theirs = await newTeam();
    const firing = withFingerprint(amFiring, 'am-shared-1');
    const mine = (await post(ours, 'alertmanager', firing)).json().results[0].oops_id;
    const res = (await post(theirs, 'alertmanager', firing)).json().results[0];
    expect(res.action).toBe('created');
    expect(res.oops_id).not.toBe(mine);
    const resolved = (await post(theirs, 'alertmanager', withFingerprint(amResolved, 'am-shared-1'))).json();
    expect(resolved.results[0].oops_id).toBe(res.oops_id);
    expect((await detail(ours, mine)).timeline_events).toEqual([]);
    expect(await incidentCount(ours.teamId)).toBe(1);
  });
});

describe('Grafana webhooks', () => {
  it('firing, repeat and resolved on one incident', async () => {
    const team = await newTeam();
    const firing = withFingerprint(grafanaFiring, 'gf-1');
    const created = (await post(team, 'grafana', firing)).json().results[0];
    expect(created.action).toBe('created');
    const incident = await detail(team, created.oops_id);
    expect(incident).toMatchObject({
      title: 'DiskSpaceLow: Disk space below 10% on db-1',
      severity: 'Medium',
      detection_method: 'Monitoring Alert',
      product_system: 'postgres',
      area_department: null,
    });
    expect(incident.description).toContain('Dashboard: https://grafana.example.com/d/infra01?orgId=1');
    expect((await post(team, 'grafana', firing)).json().results[0].action).toBe('repeated');
    const resolved = await post(team, 'grafana', withFingerprint(grafanaResolved, 'gf-1'));
    expect(resolved.json().results[0]).toEqual({
      fingerprint: 'gf-1',
      action: 'resolved',
      oops_id: created.oops_id,
    });
    const events = (await detail(team, created.oops_id)).timeline_events;
    expect(events.map((e: { event: string }) => e.event)).toEqual(['Alert Fired Again', 'Incident Resolved']);
    expect(events[1].user).toBe('Grafana');
    expect(await incidentCount(team.teamId)).toBe(1);
  });
});

describe('malformed deliveries', () => {
  const alert = amFiring.alerts[0]!;
  const cases: [string, unknown, string, RegExp][] = [
    ['not an object', 'firing', 'alertmanager', /JSON object with an alerts list/],
    ['a list', [alert], 'alertmanager', /JSON object with an alerts list/],
    ['no alerts', { ...amFiring, alerts: undefined }, 'alertmanager', /alerts/],
    ['empty alerts', { ...amFiring, alerts: [] }, 'alertmanager', /at least one alert/],
    ['alerts not a list', { ...amFiring, alerts: { a: 1 } }, 'alertmanager', /list of alerts/],
    ['a wrong status', { ...amFiring, alerts: [{ ...alert, status: 'pending' }] }, 'alertmanager', /status/],
    [
      'labels not strings',
      { ...amFiring, alerts: [{ ...alert, labels: { a: 1 } }] },
      'alertmanager',
      /Label/,
    ],
    ['a bad time', { ...amFiring, alerts: [{ ...alert, startsAt: 'soon' }] }, 'alertmanager', /RFC 3339/],
    ['version 3', { ...amFiring, version: '3' }, 'alertmanager', /version 4/],
    [
      '101 alerts',
      { ...amFiring, alerts: Array.from({ length: 101 }, (_, i) => ({ ...alert, fingerprint: `x${i}` })) },
      'alertmanager',
      /At most 100 alerts/,
    ],
    [
      'a valid alert beside a bad one',
      { ...grafanaFiring, alerts: [grafanaFiring.alerts[0], { ...grafanaFiring.alerts[0], values: 'x' }] },
      'grafana',
      /values/,
    ],
    ['grafana without alerts', { ...grafanaFiring, alerts: null }, 'grafana', /alerts/],
  ];

  it.each(cases)('%s: 400 naming the problem, nothing written', async (_name, payload, source, message) => {
    const team = await newTeam();
    await post(team, 'alertmanager', withFingerprint(amFiring, 'pre-existing'));
    const before = await app.db.select().from(oops).where(eq(oops.teamId, team.teamId));
    const res = await post(team, source as 'alertmanager', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(message);
    expect(await app.db.select().from(oops).where(eq(oops.teamId, team.teamId))).toEqual(before);
  });
});

describe('who may ingest', () => {
  it('a member session and a write token may; a read token may not', async () => {
    const team = await newTeam();
    const session = await app.inject({
      method: 'POST',
      url: '/api/ingest/grafana',
      headers: team.owner.auth,
      payload: withFingerprint(grafanaFiring, 'who-1'),
    });
    expect(session.statusCode).toBe(200);
    const write = await mintApiToken(app, team.owner.user.id, ['write']);
    const writeRes = await app.inject({
      method: 'POST',
      url: '/api/ingest/grafana',
      headers: { authorization: `Bearer ${write.token}` },
      payload: withFingerprint(grafanaFiring, 'who-1'),
    });
    expect(writeRes.json().results[0].action).toBe('repeated');
    const read = await mintApiToken(app, team.owner.user.id, ['read']);
    const readRes = await app.inject({
      method: 'POST',
      url: '/api/ingest/alertmanager',
      headers: { authorization: `Bearer ${read.token}` },
      payload: withFingerprint(amFiring, 'who-2'),
    });
    expect(readRes.statusCode).toBe(403);
    expect(readRes.json().error).toBe('This token does not have the "write" or "ingest" scope.');
    expect(await incidentCount(team.teamId)).toBe(1);
  });
});

describe('logging an incident from CI (docs/integrations.md)', () => {
  it('accepts the documented one-line body with an ingest token', async () => {
    const team = await newTeam();
    // Exactly the body of the curl line in docs/integrations.md "Log an incident from CI".
    const docs = fs.readFileSync(new URL('../../../docs/integrations.md', import.meta.url), 'utf8');
    const line = docs.split('\n').find((l) => l.startsWith('curl -fsS -X POST "$OOPSBOARD_URL/api/oops"'));
    const body = /-d '([^']+)'$/.exec(line ?? '')?.[1];
    expect(body, 'the curl line of docs/integrations.md').toBeDefined();
    const res = await app.inject({
      method: 'POST',
      url: '/api/oops',
      headers: { ...team.ingest, 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Deploy failed: checkout-api',
      severity: 'High',
      oops_type: 'Deployment Issue',
      detection_method: 'Deployment Pipeline',
      status: 'Open',
    });
  });
});

describe('the OpenAPI document', () => {
  it('describes both ingest routes with their bodies and answers', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    for (const path of ['/api/ingest/alertmanager', '/api/ingest/grafana']) {
      const post = doc.paths[path].post;
      const body = post.requestBody.content['application/json'].schema;
      expect(body.required).toContain('alerts');
      expect(body.properties.alerts.maxItems).toBe(100);
      expect(post.responses['200']).toBeDefined();
      expect(post.tags).toEqual(['ingest']);
    }
  });
});
