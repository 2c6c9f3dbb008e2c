// Hostile input: every POST/PUT endpoint gets generated bodies (wrong types, missing and extra fields, huge strings,
// unicode, nulls, deep nesting), malformed JSON and wrong content types. Never a 5xx; a 4xx always carries
// { error } and changes nothing in the database.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp } from './test/app';
import { memberOf, signUp, type SignedIn } from './test/factories';
import { logOops } from './test/oops-factory';
import { queryRows } from './lib/sql-rows';

let app: FastifyInstance;
let owner: SignedIn;
let paths: Record<string, string>;

const TABLES = [
  'users',
  'teams',
  'memberships',
  'sessions',
  'one_time_tokens',
  'invitations',
  'oops',
  'oops_notes',
  'oops_actions',
  'oops_links',
  'webhook_endpoints',
  'webhook_deliveries',
  'api_tokens',
  'lessons',
  'lesson_incidents',
  'user_identities',
  'confidential_reporters',
  'team_incident_types',
];

/**
 * Row counts and the newest change of every table: equal fingerprints mean nothing was written. The deliveries'
 * attempts are this team's only: on PostgreSQL the run shares one database, and another file's queued webhook
 * retries may be worked by this app's job engine while a request is checked.
 */
async function fingerprint(): Promise<string> {
  const parts = TABLES.map((t) => sql.raw(`(select count(*) from ${t})::text`));
  const [row] = await queryRows<Record<string, string>>(
    app.db,
    sql`select ${sql.join(parts, sql`||','||`)} as counts,
        (select coalesce(max(updated_at)::text, '') from oops) as oops_at,
        (select coalesce(max(updated_at)::text, '') from users) as users_at,
        (select coalesce(max(updated_at)::text, '') from oops_actions) as actions_at,
        (select string_agg(role::text, ',' order by user_id, team_id) from memberships) as roles,
        (select string_agg(coalesce(name, '') || coalesce(industry, '') || time_zone || confidential_near_misses::text, ',' order by id) from teams) as team_names,
        (select coalesce(max(updated_at)::text, '') from webhook_endpoints) as webhooks_at,
        (select string_agg(d.status::text || d.attempts, ',' order by d.id) from webhook_deliveries d
           join webhook_endpoints e on e.id = d.endpoint_id
           where e.team_id = ${owner.user.team!.id}) as deliveries,
        (select coalesce(max(updated_at)::text, '') from lessons) as lessons_at,
        (select coalesce(max(updated_at)::text, '') from team_incident_types) as incident_types_at,
        (select string_agg(label || type || options::text || required_for::text || position || coalesce(archived_at::text, ''), ',' order by id)
           from team_custom_fields where team_id = ${owner.user.team!.id}) as custom_fields`,
  );
  return JSON.stringify(row);
}

beforeAll(async () => {
  // Redeliveries stay pending instead of running in the background between fingerprints.
  app = await createTestApp(
    // Single sign-on configured, so that POST /api/auth/oidc/complete reads its body (the provider is never asked).
    {
      oidc: {
        issuer: 'http://127.0.0.1:9',
        clientId: 'hostile',
        clientSecret: 'hostile-secret',
        providerName: 'SSO',
        allowedDomains: [],
        defaultTeamId: null,
      },
    },
    { send: async () => {} },
    { webhooks: { scheduler: { schedule: async () => {} } } },
  );
  owner = await signUp(app);
  const mate = await memberOf(app, owner.user.team!.id, 'member');
  const o = await logOops(app, owner);
  const other = await logOops(app, owner, { title: 'An earlier incident to link' });
  const action = (
    await app.inject({
      method: 'POST',
      url: `/api/oops/${o.id}/actions`,
      headers: owner.auth,
      payload: { title: 'a' },
    })
  ).json();
  const webhook = (
    await app.inject({
      method: 'POST',
      url: '/api/team/current/webhooks',
      headers: owner.auth,
      // An event no generated request causes, so no delivery runs in the background between fingerprints.
      payload: { url: 'http://127.0.0.1:9/hostile', events: ['member.joined'], kind: 'generic' },
    })
  ).json();
  const delivery = (
    await app.inject({
      method: 'POST',
      url: `/api/team/current/webhooks/${webhook.id}/test`,
      headers: owner.auth,
    })
  ).json();
  await logOops(app, owner, { lesson_learned: 'Hostile lesson' });
  const lessonList = await app.inject({ url: '/api/lessons', headers: owner.auth });
  const types = await app.inject({ url: '/api/team/current/incident-types', headers: owner.auth });
  // Custom fields (decision 026) of each type whose values the hostile bodies below aim at.
  const field = async (payload: object) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/team/current/custom-fields',
        headers: owner.auth,
        payload,
      })
    ).json<{ id: number }>().id;
  const fieldId = await field({
    label: 'Hostile tier',
    key: 'hostile_tier',
    type: 'select',
    options: ['A', 'B'],
  });
  for (const type of ['text', 'number', 'multi_select', 'date', 'user'] as const) {
    await field({
      label: `Hostile ${type}`,
      key: `hostile_${type}`,
      type,
      options: type === 'multi_select' ? ['A', 'B'] : undefined,
    });
  }
  paths = {
    ':fieldId': String(fieldId),
    ':typeId': String(types.json<{ incident_types: { id: number }[] }>().incident_types[1]!.id),
    ':lessonId': String(lessonList.json<{ lessons: { id: number }[] }>().lessons[0]!.id),
    ':id': String(o.id),
    ':actionId': String(action.id),
    ':memberId': String(mate.user.id),
    ':webhookId': String(webhook.id),
    ':deliveryId': String(delivery.id),
    ':otherId': String(other.id),
  };
});

function concrete(url: string): string {
  return url
    .replace('/webhooks/:id', `/webhooks/${paths[':webhookId']}`)
    .replace('/incident-types/:id', `/incident-types/${paths[':typeId']}`)
    .replace('/custom-fields/:id', `/custom-fields/${paths[':fieldId']}`)
    .replace('/api/actions/:id/', `/api/actions/${paths[':actionId']}/`)
    .replace('/api/lessons/:id', `/api/lessons/${paths[':lessonId']}`)
    .replace(':deliveryId', paths[':deliveryId']!)
    .replace('/member/:id/', `/member/${paths[':memberId']}/`)
    .replace('/users/:id/', `/users/${paths[':memberId']}/`)
    .replace(':actionId', paths[':actionId']!)
    .replace(':otherId', paths[':otherId']!)
    .replace(':id', paths[':id']!);
}

// Bodies built to hurt: random JSON, objects with the fields endpoints expect holding the wrong things, and nesting.
const KEYS = [
  'email',
  'password',
  'name',
  'username',
  'teamName',
  'industry',
  'title',
  'severity',
  'description',
  'what_happened',
  'status',
  'tags',
  'note',
  'role',
  'user_department',
  'token',
  'timeline_events',
  'downtime_hours',
  'preventability',
  'is_active',
  'teamId',
  'owner_id',
  'url',
  'events',
  'paused',
  'due_date',
  'kind',
  'occurred_at',
  'scopes',
  'expires_in_days',
  'state',
  'what_changed',
  'into',
  'time_zone',
  'code',
  'repeat',
  'repeat_of',
  'icon',
  'area_department',
  'detection_methods',
  'common_impacts',
  'owners',
  'root_causes',
  'lessons_learned',
  // The CSV import (decision 023).
  'csv',
  'mapping',
  'day_first',
  'confidential',
  'enabled',
  // Custom fields (decision 026): definitions and values.
  'label',
  'type',
  'key',
  'options',
  'required_for',
  'ids',
  'custom_fields',
  '__proto__',
  'constructor',
];
const nasty = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constant('x'.repeat(20_000)),
  fc.constant("\u0000\uFFFF\uD83D\uDE00 <script>alert(1)</script> ' OR 1=1 --"),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...KEYS), nasty, { maxKeys: 8 }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.letrec((tie) => ({
    deep: fc.oneof({ depthSize: 'small' }, fc.constant({}), fc.record({ a: tie('deep') })),
  })).deep,
);

async function check(method: string, url: string, payload: string, contentType: string): Promise<void> {
  const before = await fingerprint();
  const res = await app.inject({
    method: method as 'POST',
    url,
    headers: { ...owner.auth, 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, `${method} ${url} ${payload.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(typeof res.json().error, res.body).toBe('string');
    expect(
      await fingerprint(),
      `${method} ${url} changed data on ${res.statusCode}: ${payload.slice(0, 200)}`,
    ).toBe(before);
  }
}

describe('hostile input', () => {
  // 21 write routes × 120 generated bodies, plus 7 malformed bodies each.
  it('generated bodies: never a 5xx, always { error } on 4xx, nothing changed on 4xx', async () => {
    const writes = app.routeTable.filter(
      (r) =>
        (r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH') && r.url !== '/api/auth/logout',
    );
    for (const route of writes) {
      await fc.assert(
        fc.asyncProperty(hostileBody, async (body) =>
          check(route.method, concrete(route.url), JSON.stringify(body) ?? 'null', 'application/json'),
        ),
        { numRuns: 120, seed: 4242 },
      );
    }
  }, 600_000);

  it('malformed JSON, wrong content types and empty bodies: 4xx with { error }, nothing changed', async () => {
    const writes = app.routeTable.filter(
      (r) =>
        (r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH') && r.url !== '/api/auth/logout',
    );
    const cases: [string, string][] = [
      ['{"title":', 'application/json'],
      ['not json at all', 'application/json'],
      ['{"a":1}{"b":2}', 'application/json'],
      ['title=x&severity=Low', 'application/x-www-form-urlencoded'],
      ['<xml/>', 'application/xml'],
      ['hello', 'text/plain'],
      ['', 'application/json'],
    ];
    // Routes that take no body accept an empty one (docs/product.md §7 sends them so): empty-json-body.test.ts covers them.
    const bodiless = new Set([
      '/api/auth/refresh-presentation',
      '/api/team/current/webhooks/:id/test',
      '/api/team/current/webhooks/:id/deliveries/:deliveryId/redeliver',
      '/api/actions/:id/done',
      // A plain related link (decision 019); its optional body says whether it is a repeat.
      '/api/oops/:id/related/:otherId',
      // Archiving and restoring an incident type (decision 025) say everything in the path.
      '/api/team/current/incident-types/:id/archive',
      '/api/team/current/incident-types/:id/restore',
      // So do archiving and restoring a custom field (decision 026).
      '/api/team/current/custom-fields/:id/archive',
      '/api/team/current/custom-fields/:id/restore',
    ]);
    for (const route of writes) {
      for (const [payload, type] of cases) {
        if (payload === '' && bodiless.has(route.url)) continue;
        const before = await fingerprint();
        const res = await app.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          headers: { ...owner.auth, 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${route.method} ${route.url} ${type} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(typeof res.json().error).toBe('string');
        expect(await fingerprint()).toBe(before);
      }
    }
  }, 120_000);

  // The values of the team's custom fields, each key aimed at a real field (and some at none), on a body that is
  // otherwise valid: the one common validator answers, never the database.
  it('custom field values on create, edit and the list filter: never a 5xx, nothing changed on 4xx', async () => {
    const key = fc.constantFrom(
      'hostile_tier',
      'hostile_text',
      'hostile_number',
      'hostile_multi_select',
      'hostile_date',
      'hostile_user',
      'nope',
      '__proto__',
      'constructor',
      'toString',
    );
    const values = fc.dictionary(key, nasty, { maxKeys: 4 });
    const incident = {
      title: 'Hostile custom fields',
      severity: 'Low',
      description: 'Ten characters at least.',
      oops_type: 'Other',
    };
    await fc.assert(
      fc.asyncProperty(values, async (custom_fields) => {
        await check(
          'PUT',
          `/api/oops/${paths[':id']}`,
          JSON.stringify({ custom_fields }),
          'application/json',
        );
        await check('POST', '/api/oops', JSON.stringify({ ...incident, custom_fields }), 'application/json');
      }),
      { numRuns: 150, seed: 2626 },
    );
    await fc.assert(
      fc.asyncProperty(
        key,
        fc.oneof(fc.string({ maxLength: 30 }), fc.constant('%'), fc.constant('x'.repeat(3000))),
        async (k, v) => {
          const res = await app.inject({
            url: `/api/oops?${new URLSearchParams({ [`cf.${k}`]: v }).toString()}`,
            headers: owner.auth,
          });
          expect(res.statusCode, `cf.${k}=${v.slice(0, 50)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(typeof res.json().error).toBe('string');
        },
      ),
      { numRuns: 150, seed: 2627 },
    );
  }, 300_000);
});
