// Every operation of /api/openapi.json gets requests generated from its own schemas (fast-check, fixed seed), with
// NUL, lone surrogates, huge numbers, deep nesting and wrong types mixed in, sent by a real owner (and super admin)
// of a real team. No answer may be a 5xx, and every answer must be a documented status whose body matches the
// documented schema (decision 031).
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './test/app';
import { login, signUp, unique, type SignedIn } from './test/factories';
import { logOops } from './test/oops-factory';
import { INT4_MAX, INT4_MIN } from '../common/contracts/safe-input';
import { bodyValue, encodeUrlText, textValue, type JsonSchema } from './test/openapi-arbitraries';

/** Printed on failure: rerun one failure with FUZZ_SEED=<seed>. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 16);

interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface FuzzRequest {
  url: string;
  body?: unknown;
  headers: Record<string, string>;
}

let app: FastifyInstance;
let owner: SignedIn;
let operations: Operation[];
/** Real ids of this team's rows, by path parameter name: most generated paths reach a real row. */
const realIds: Record<string, string[]> = {};
const ajv = new Ajv({ strict: false, allErrors: false });
addFormats(ajv);
const validators = new Map<JsonSchema, ValidateFunction>();

beforeAll(async () => {
  const superAdminEmail = `${unique('root')}@example.com`;
  app = await createTestApp(
    { superAdminEmails: new Set([superAdminEmail]) },
    { send: async () => {} },
    // Deliveries stay queued: no generated webhook reaches out while the fuzz runs.
    { webhooks: { scheduler: { schedule: async () => {} } } },
  );
  owner = await signUp(app, { email: superAdminEmail });
  const doc = (await app.inject({ url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'> & { requestBody?: unknown }>>;
  }>();
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema,
      responses: op.responses,
    })),
  );
  await seedRows();
}, 120_000);

afterAll(() => app?.close());

async function post(url: string, payload: object): Promise<{ id: number }> {
  const res = await app.inject({ method: 'POST', url, headers: owner.auth, payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** One real row of each kind a path names, so that generated requests reach services, not only validation. */
async function seedRows() {
  const first = await logOops(app, owner);
  const second = await logOops(app, owner, {
    title: 'A second incident',
    lesson_learned: 'Check the pool size',
  });
  const action = await post(`/api/oops/${first.id}/actions`, { title: 'Raise the pool size' });
  const webhook = await post('/api/team/current/webhooks', {
    url: 'http://127.0.0.1:9/fuzz',
    events: ['member.removed'],
    kind: 'generic',
  });
  const delivery = await post(`/api/team/current/webhooks/${webhook.id}/test`, {});
  const token = await post('/api/user/tokens', { name: 'fuzz', scopes: ['read'] });
  const type = (await app.inject({ url: '/api/team/current/incident-types', headers: owner.auth })).json<{
    incident_types: { id: number }[];
  }>().incident_types[1]!;
  const field = await post('/api/team/current/custom-fields', {
    label: 'Fuzz tier',
    key: 'fuzz_tier',
    type: 'text',
  });
  const lessons = (await app.inject({ url: '/api/lessons', headers: owner.auth })).json<{
    lessons: { id: number }[];
  }>();
  const ids = (...values: (number | string | undefined)[]) =>
    values.filter((v) => v !== undefined).map(String);
  Object.assign(realIds, {
    id: ids(
      first.id,
      second.id,
      action.id,
      webhook.id,
      token.id,
      type.id,
      field.id,
      owner.user.id,
      lessons.lessons[0]?.id,
    ),
    otherId: ids(second.id, first.id),
    actionId: ids(action.id),
    deliveryId: ids(delivery.id),
    idSlug: ids(first.id_slug, second.id_slug),
  });
}

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const pathArb = fc.record(
    Object.fromEntries(
      pathParams.map((p) => {
        const real = realIds[p.name] ?? [];
        const generated = textValue(p.schema);
        return [
          p.name,
          real.length ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, generated) : generated,
        ];
      }),
    ),
  );
  const queryArb = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, textValue(p.schema)])), {
    requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
  });
  // Header parameters (the Idempotency-Key of creates): a fresh UUID, a reused value, or text of any length.
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const headerArb = fc.record(
    Object.fromEntries(
      headerParams.map((p) => [
        p.name,
        fc.oneof(fc.uuid(), fc.constant('fuzz-key'), fc.stringMatching(/^[\x20-\x7e]{0,300}$/)),
      ]),
    ),
    { requiredKeys: [] },
  );
  // An unknown query parameter now and then: strict contracts refuse it with a 400.
  const extraQuery = fc.option(fc.constant({ unknown_param: '1' }), { freq: 8, nil: undefined });
  const bodyArb = op.body
    ? fc.option(bodyValue(op.body), { freq: 10, nil: undefined })
    : fc.constant(undefined);
  return fc
    .record({ path: pathArb, query: queryArb, extra: extraQuery, body: bodyArb, headers: headerArb })
    .map(({ path, query, extra, body, headers }) => {
      const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeUrlText(String(path[name])));
      const pairs = Object.entries({ ...query, ...extra }).map(
        ([k, v]) => `${encodeURIComponent(k)}=${encodeUrlText(String(v))}`,
      );
      return {
        url: pairs.length ? `${url}?${pairs.join('&')}` : url,
        body,
        headers: headers as Record<string, string>,
      };
    });
}

/**
 * OpenAPI 3.0 says a nullable enum lists null among its values; the document's generator leaves it out, so null is
 * added here before the schema is compiled.
 */
function nullableEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableEnums);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, nullableEnums(v)]),
  ) as JsonSchema;
  if (copy.nullable && copy.enum && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  return copy;
}

function validatorFor(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(nullableEnums(schema) as JsonSchema);
    validators.set(schema, validate);
  }
  return validate;
}

/** Why the answer breaks its contract, or null when it keeps it. */
function contractBreach(op: Operation, status: number, contentType: string, text: string): string | null {
  if (status >= 500) return `answered ${status}: ${text.slice(0, 300)}`;
  const documented = op.responses[String(status)];
  if (!documented) return `answered ${status}, which is not documented: ${text.slice(0, 300)}`;
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return null;
  let body: unknown = text;
  if (contentType.includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      return `answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
    }
  }
  const validate = validatorFor(schema);
  if (validate(body)) return null;
  return `answered ${status} with a body outside its schema (${ajv.errorsText(validate.errors)}): ${text.slice(0, 300)}`;
}

/** Some generated requests end the session (sign-out) or change the role; the next operation signs in again. */
async function stillSignedIn() {
  const res = await app.inject({ url: '/api/user/profile', headers: owner.auth });
  if (res.statusCode === 401) owner = await login(app, owner.email, owner.password);
}

async function send(op: Operation, request: FuzzRequest) {
  if (op.path === '/api/live') return sendLive(request);
  const hasBody = request.body !== undefined;
  const res = await app.inject({
    method: op.method as 'GET',
    url: request.url,
    headers: {
      ...owner.auth,
      ...request.headers,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { payload: JSON.stringify(request.body) } : {}),
  });
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text: res.body };
}

/** The live stream never ends: it is read over a real connection until its status, then closed. */
async function sendLive(request: FuzzRequest) {
  const address = app.server.address();
  if (!address || typeof address === 'string') await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}${request.url}`, {
    headers: owner.auth,
    signal: controller.signal,
  });
  const contentType = res.headers.get('content-type') ?? '';
  const text = contentType.includes('event-stream') ? '' : await res.text();
  controller.abort();
  return { status: res.status, contentType, text };
}

it('answers every generated request to every documented operation within its contract', async () => {
  expect(operations.length).toBeGreaterThan(80);
  const failures: string[] = [];
  // Sign-out runs last, so that it ends no session another operation needs.
  const ordered = [...operations].sort(
    (a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'),
  );
  for (const op of ordered) {
    const result = await fc.check(
      fc.asyncProperty(requestFor(op), async (request) => {
        const answer = await send(op, request);
        const breach = contractBreach(op, answer.status, answer.contentType, answer.text);
        if (breach) throw new Error(breach);
      }),
      { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
    );
    if (result.failed) {
      const request = result.counterexample?.[0];
      failures.push(
        `${op.method} ${op.path}: ${String((result.errorInstance as Error | undefined)?.message).slice(0, 400)}\n` +
          `  request: ${JSON.stringify(request)?.slice(0, 300)}`,
      );
    }
    await stillSignedIn();
  }
  // The seed reproduces every failure: FUZZ_SEED=<seed> npx vitest run --project api server/openapi-fuzz.test.ts
  expect(failures.join('\n'), `FUZZ_SEED=${SEED}: ${failures.length} operations broke their contract`).toBe(
    '',
  );
}, 240_000);

it('gives every integer a request carries the range of an int4 column', () => {
  const unbounded: string[] = [];
  const walk = (schema: unknown, where: string): void => {
    if (Array.isArray(schema)) return schema.forEach((s, i) => walk(s, `${where}[${i}]`));
    if (schema === null || typeof schema !== 'object') return;
    const s = schema as JsonSchema;
    if ([s.type].flat().includes('integer')) {
      const min = s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined);
      const max = s.maximum ?? (typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined);
      if (min === undefined || max === undefined || min < INT4_MIN || max > INT4_MAX) unbounded.push(where);
    }
    for (const [key, child] of Object.entries(schema)) walk(child, `${where}.${key}`);
  };
  for (const op of operations) {
    walk(op.body, `${op.method} ${op.path} body`);
    for (const p of op.parameters) walk(p.schema, `${op.method} ${op.path} ${p.in} ${p.name}`);
  }
  expect(unbounded).toEqual([]);
});
