// The authorisation matrix: one row per API endpoint (the suite fails when a registered route has no row), one
// column per actor. Each cell is 'allow' (the request got past authentication and authorisation: not 401/403/404)
// or the exact deny status. Runs on PGlite and PostgreSQL like the rest of the API suite.
// The token columns (read, write and ingest personal access tokens of team A's owner) are spelled out on every row:
// each row says which scope it needs (READ, WRITE, INGEST) or that tokens may not call it at all (SESSION_ONLY).
// The display token column (team A's, decision 050) is 403 everywhere under /api but the wall.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import {
  lessonIncidents,
  lessons,
  memberships,
  oops,
  oopsActions,
  oopsLinks,
  oopsNotes,
  savedViews,
  sessions,
  teamCustomFields,
  teams,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from './db/schema';
import type { MailMessage } from './plugins/mail';
import { createDevice } from './features/auth/devices';
import { createSession } from './lib/sessions';
import { hashToken } from './lib/tokens';
import { createTestApp } from './test/app';
import {
  ACTORS,
  buildCast,
  mintApiToken,
  mintDisplayToken,
  type ActorName,
  type Cast,
  type TokenActorName,
} from './test/actors';
import { memberOf, unique, type SignedIn } from './test/factories';
import { logOops } from './test/oops-factory';

type Cell = 'allow' | 401 | 403 | 404;
type Cells = Record<ActorName, Cell>;
/** The session columns; each row adds the token columns with one of the TokenCells below. */
type SessionCells = Omit<Cells, TokenActorName>;
type TokenCells = Record<TokenActorName, Cell>;
interface Fixtures {
  cast: Cast;
  /** A new session of the actor's user, to be ended by DELETE /api/auth/sessions/:id. */
  newSessionId: (actor: ActorName) => Promise<number>;
  /** A new remembered device of the actor's user, to be ended by DELETE /api/auth/devices/:id. */
  newDeviceId: (actor: ActorName) => Promise<number>;
  /** A new API token of the actor's user, to be revoked by DELETE /api/user/tokens/:id. */
  newTokenId: (actor: ActorName) => Promise<number>;
  /** A new display token of team A, to be revoked by DELETE /api/team/current/display-tokens/:id. */
  newDisplayTokenId: () => Promise<number>;
  displayTokenId: number;
  oopsId: number;
  idSlug: string;
  target: number;
  newActionId: () => Promise<number>;
  actionId: number;
  /** A webhook of team A with one logged delivery; a fresh one per allowed DELETE. */
  webhookId: number;
  deliveryId: number;
  newWebhookId: () => Promise<number>;
  /** A lesson of team A (captured from an incident's lesson_learned). */
  lessonId: number;
  /** A new member of team A, to be removed or made owner. */
  newMember: () => Promise<number>;
  /** Puts the cast back in team A with its roles after a row that leaves or hands the team over. */
  restoreTeamA: () => Promise<void>;
}
/** The actors whose DELETE /api/team/current/members/:id is allowed (the write token is the owner's). */
const MEMBER_REMOVERS: readonly ActorName[] = ['admin', 'owner', 'writeToken'];
interface Sent {
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  cells: Cells;
  request: (fx: Fixtures, actor: ActorName) => Promise<Sent> | Sent;
  /** Puts back what the call ended, so later rows still find the fixtures usable. */
  after?: (fx: Fixtures, actor: ActorName) => Promise<void>;
  /** Streams are opened over real HTTP and closed at once. */
  stream?: boolean;
  /** 404 here means "nothing yet" (GET /api/oops/last), not a refusal. */
  emptyIs404?: boolean;
}

const SIGNED_OUT = { anonymous: 401, disabled: 401, loggedOut: 401, expired: 401 } as const;
/** Token columns: routes that need the read scope (GETs of the team's data). */
const READ: TokenCells = { readToken: 'allow', writeToken: 403, ingestToken: 403, displayToken: 403 };
/** Writes of the team's data. */
const WRITE: TokenCells = { readToken: 403, writeToken: 'allow', ingestToken: 403, displayToken: 403 };
/** Reporting a new incident: write or ingest. */
const INGEST: TokenCells = { readToken: 403, writeToken: 'allow', ingestToken: 'allow', displayToken: 403 };
/** Account security, sessions, tokens themselves, the live stream, platform administration. */
const SESSION_ONLY: TokenCells = { readToken: 403, writeToken: 403, ingestToken: 403, displayToken: 403 };

/**
 * Anyone, signed in or not (a personal token on a public route counts for nothing, so it is anonymous there); a
 * display token is refused even here: it reads the wall and nothing else.
 */
const PUBLIC: Cells = {
  readToken: 'allow',
  writeToken: 'allow',
  ingestToken: 'allow',
  displayToken: 403,
  anonymous: 'allow',
  member: 'allow',
  admin: 'allow',
  owner: 'allow',
  otherOwner: 'allow',
  superAdmin: 'allow',
  disabled: 'allow',
  loggedOut: 'allow',
  expired: 'allow',
};
/** Outside the API's authentication (health checks, the API's documentation): any bearer token counts for nothing. */
const UNGUARDED: Cells = { ...PUBLIC, displayToken: 'allow' };
/** GET /metrics on the app's port (decision 030): the METRICS_TOKEN bearer token, which no actor here holds. */
const METRICS_TOKEN_ONLY: Cells = Object.fromEntries(
  Object.keys(PUBLIC).map((actor) => [actor, 401]),
) as Record<ActorName, 401>;
/** Any signed-in, active user; acts on their own account or own team's lists. */
const SIGNED_IN: SessionCells = {
  ...SIGNED_OUT,
  member: 'allow',
  admin: 'allow',
  owner: 'allow',
  otherOwner: 'allow',
  superAdmin: 'allow',
};
/** Team members, on a resource of team A: another team's owner (and the super admin, who is in another team) get 404. */
const TEAM_RESOURCE: SessionCells = { ...SIGNED_IN, otherOwner: 404, superAdmin: 404 };
/** Owners and admins of their own team. */
const MANAGERS: SessionCells = { ...SIGNED_IN, member: 403 };
/** Owners and admins, on a member of team A. */
const MANAGERS_RESOURCE: SessionCells = { ...MANAGERS, otherOwner: 404, superAdmin: 404 };
const OWNERS: SessionCells = { ...SIGNED_IN, member: 403, admin: 403 };
const SUPER: SessionCells = {
  ...SIGNED_OUT,
  member: 403,
  admin: 403,
  owner: 403,
  otherOwner: 403,
  superAdmin: 'allow',
};

const get = (url: string) => () => ({ url });
/** Team A's "Security Incident" type (its list is copied from the built-ins by the first read). */
async function incidentTypeOf(fx: Fixtures): Promise<number> {
  const res = await app.inject({
    url: '/api/team/current/incident-types?include_archived=1',
    headers: fx.cast.owner.auth,
  });
  return res
    .json<{ incident_types: { id: number; name: string }[] }>()
    .incident_types.find((t) => t.name === 'Security Incident')!.id;
}
const body = (url: string, payload: object) => () => ({ url, payload });
/** Team A's "Matrix tier" custom field (decision 026), made by its owner on first use. */
async function customFieldOf(fx: Fixtures): Promise<number> {
  const url = '/api/team/current/custom-fields';
  const listed = await app.inject({ url: `${url}?include_archived=1`, headers: fx.cast.owner.auth });
  const found = listed
    .json<{ fields: { id: number; key: string }[] }>()
    .fields.find((f) => f.key === 'matrix_tier');
  if (found) return found.id;
  const created = await app.inject({
    method: 'POST',
    url,
    headers: fx.cast.owner.auth,
    payload: { label: 'Matrix tier', key: 'matrix_tier', type: 'select', options: ['Gold', 'Silver'] },
  });
  return created.json<{ id: number }>().id;
}

/** A new saved view of the actor's user in their team (the token actors' is the owner's): its own to rename or delete. */
async function savedViewOf(fx: Fixtures, actor: ActorName): Promise<number> {
  const { user } = fx.cast.userOf(actor);
  const [row] = await app.db
    .insert(savedViews)
    .values({ userId: user.id, teamId: user.team!.id, name: unique('view'), query: 'status=Open' })
    .returning({ id: savedViews.id });
  return row!.id;
}

const ROWS: Row[] = [
  // Documentation and health
  { method: 'GET', url: '/healthz', cells: UNGUARDED, request: get('/healthz') },
  { method: 'GET', url: '/readyz', cells: UNGUARDED, request: get('/readyz') },
  // The METRICS_TOKEN bearer token (set for this matrix; 404 without it): no session or API token stands in for it.
  { method: 'GET', url: '/metrics', cells: METRICS_TOKEN_ONLY, request: get('/metrics') },
  { method: 'GET', url: '/api/openapi.json', cells: PUBLIC, request: get('/api/openapi.json') },
  { method: 'GET', url: '/api/docs', cells: UNGUARDED, request: get('/api/docs') },
  {
    method: 'GET',
    url: '/api/docs/static/index.html',
    cells: UNGUARDED,
    request: get('/api/docs/static/index.html'),
  },
  {
    method: 'GET',
    url: '/api/docs/static/swagger-initializer.js',
    cells: UNGUARDED,
    request: get('/api/docs/static/swagger-initializer.js'),
  },
  { method: 'GET', url: '/api/docs/json', cells: UNGUARDED, request: get('/api/docs/json') },
  { method: 'GET', url: '/api/docs/yaml', cells: UNGUARDED, request: get('/api/docs/yaml') },
  {
    method: 'GET',
    url: '/api/docs/static/*',
    cells: UNGUARDED,
    request: get('/api/docs/static/swagger-ui.css'),
  },
  // Authentication (public: how a signed-out person gets in)
  {
    method: 'POST',
    url: '/api/auth/register',
    cells: PUBLIC,
    request: () => ({
      url: '/api/auth/register',
      payload: {
        email: `${unique()}@example.com`,
        password: 'Str0ng!Pass',
        name: 'N',
        username: unique(),
        teamName: 'T',
        industry: 'Other',
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/auth/login',
    cells: PUBLIC,
    request: (fx) => ({
      url: '/api/auth/login',
      payload: { email: fx.cast.owner.email, password: fx.cast.owner.password },
    }),
  },
  {
    method: 'POST',
    url: '/api/auth/magic-link',
    cells: PUBLIC,
    request: () => ({ url: '/api/auth/magic-link', payload: { email: `${unique()}@example.com` } }),
  },
  {
    method: 'GET',
    url: '/api/auth/verify',
    cells: PUBLIC,
    request: get('/api/auth/verify?token=unknown-token'),
  },
  {
    method: 'POST',
    url: '/api/auth/request-password-reset',
    cells: PUBLIC,
    request: () => ({
      url: '/api/auth/request-password-reset',
      payload: { email: `${unique()}@example.com` },
    }),
  },
  {
    method: 'GET',
    url: '/api/auth/reset-password',
    cells: PUBLIC,
    request: get('/api/auth/reset-password?token=unknown-token'),
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    cells: PUBLIC,
    request: body('/api/auth/reset-password', { token: 'unknown-token', password: 'Str0ng!Pass' }),
  },
  // Single sign-on (the matrix app's provider cannot be reached: start answers a redirect to the login page's error)
  { method: 'GET', url: '/api/auth/providers', cells: PUBLIC, request: get('/api/auth/providers') },
  { method: 'GET', url: '/api/auth/oidc/start', cells: PUBLIC, request: get('/api/auth/oidc/start') },
  {
    method: 'GET',
    url: '/api/auth/oidc/callback',
    cells: PUBLIC,
    request: get('/api/auth/oidc/callback?code=unknown&state=unknown'),
  },
  {
    method: 'POST',
    url: '/api/auth/oidc/complete',
    cells: PUBLIC,
    request: body('/api/auth/oidc/complete', { code: 'unknown-code' }),
  },
  {
    method: 'GET',
    url: '/api/team/accept-invitation',
    cells: PUBLIC,
    request: get('/api/team/accept-invitation?token=unknown-token'),
  },
  {
    // A bearer token is no refresh credential: with an unknown remembered device cookie everyone is refused.
    method: 'POST',
    url: '/api/auth/refresh',
    cells: {
      ...SIGNED_OUT,
      member: 401,
      admin: 401,
      owner: 401,
      otherOwner: 401,
      superAdmin: 401,
      readToken: 401,
      writeToken: 401,
      ingestToken: 401,
      displayToken: 403,
    },
    request: () => ({
      url: '/api/auth/refresh',
      headers: { 'sec-fetch-site': 'same-origin', cookie: `oopsboard_refresh=${'A'.repeat(43)}` },
    }),
  },
  {
    method: 'GET',
    url: '/api/auth/sessions',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: get('/api/auth/sessions'),
  },
  {
    method: 'DELETE',
    url: '/api/auth/sessions/:id',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    // Each actor ends one of its own sessions (a fresh one, so the actor's header stays valid).
    request: async (fx, actor) => ({ url: `/api/auth/sessions/${await fx.newSessionId(actor)}` }),
  },
  {
    method: 'DELETE',
    url: '/api/auth/devices/:id',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: async (fx, actor) => ({ url: `/api/auth/devices/${await fx.newDeviceId(actor)}` }),
  },
  {
    method: 'POST',
    url: '/api/auth/sessions/end-all',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: body('/api/auth/sessions/end-all', {}),
    // It ends every session of the actor's user, the fixtures' own too: give the user a new one.
    after: async (fx, actor) => {
      const person = fx.cast.userOf(actor);
      person.token = await createSession(app.db, app.config, person.user.id, {});
      person.auth.authorization = `Bearer ${person.token}`;
    },
  },
  {
    method: 'POST',
    url: '/api/auth/logout',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: body('/api/auth/logout', {}),
  },
  {
    method: 'POST',
    url: '/api/auth/refresh-presentation',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: body('/api/auth/refresh-presentation', {}),
  },
  // The user's own account
  {
    method: 'GET',
    url: '/api/user/profile',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/user/profile'),
  },
  {
    method: 'POST',
    url: '/api/user/profile',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: () => ({ url: '/api/user/profile', payload: { name: 'Renamed', username: unique() } }),
  },
  {
    method: 'GET',
    url: '/api/user/notifications',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: get('/api/user/notifications'),
  },
  {
    method: 'PUT',
    url: '/api/user/notifications',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: body('/api/user/notifications', { digest: true }),
  },
  {
    method: 'GET',
    url: '/api/user/has-password',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: get('/api/user/has-password'),
  },
  {
    method: 'POST',
    url: '/api/user/set-password',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: body('/api/user/set-password', { password: 'Other!Pass1', confirmPassword: 'Other!Pass1' }),
  },
  {
    method: 'POST',
    url: '/api/user/change-password',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: body('/api/user/change-password', {
      currentPassword: 'wrong',
      newPassword: 'Other!Pass1',
      confirmPassword: 'Other!Pass1',
    }),
  },
  // Personal access tokens (managed with a session only)
  {
    method: 'GET',
    url: '/api/user/tokens',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: get('/api/user/tokens'),
  },
  {
    method: 'POST',
    url: '/api/user/tokens',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: body('/api/user/tokens', { name: 'matrix', scopes: ['read'] }),
  },
  {
    method: 'DELETE',
    url: '/api/user/tokens/:id',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: async (fx, actor) => ({ url: `/api/user/tokens/${await fx.newTokenId(actor)}` }),
  },
  // The log's saved views (decision 041): the user's own, in their team, with a session only
  {
    method: 'GET',
    url: '/api/saved-views',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: get('/api/saved-views'),
  },
  {
    method: 'POST',
    url: '/api/saved-views',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: () => ({ url: '/api/saved-views', payload: { name: unique('view'), query: 'status=Open' } }),
  },
  {
    method: 'PATCH',
    url: '/api/saved-views/:id',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: async (fx, actor) => ({
      url: `/api/saved-views/${await savedViewOf(fx, actor)}`,
      payload: { name: unique('renamed') },
    }),
  },
  {
    method: 'DELETE',
    url: '/api/saved-views/:id',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: async (fx, actor) => ({ url: `/api/saved-views/${await savedViewOf(fx, actor)}` }),
  },
  {
    method: 'GET',
    url: '/api/user/teams',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/user/teams'),
  },
  {
    method: 'POST',
    url: '/api/user/current-team',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: body('/api/user/current-team', { teamId: 2_000_000_000 }),
  },
  {
    method: 'POST',
    url: '/api/team/accept-invitation',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: body('/api/team/accept-invitation', { token: 'unknown-token' }),
  },
  // Team
  {
    method: 'GET',
    url: '/api/team/current',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/team/current'),
  },
  {
    method: 'POST',
    url: '/api/team/current',
    cells: { ...OWNERS, ...WRITE },
    request: body('/api/team/current', { name: 'Same name', industry: 'Technology' }),
  },
  {
    method: 'PUT',
    url: '/api/team/current/time-zone',
    cells: { ...MANAGERS, ...WRITE },
    request: body('/api/team/current/time-zone', { time_zone: 'UTC' }),
  },
  // The team's incident types (decision 025): members read, owners and admins write.
  {
    method: 'GET',
    url: '/api/team/current/incident-types',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/team/current/incident-types?include_archived=1'),
  },
  {
    method: 'POST',
    url: '/api/team/current/incident-types',
    cells: { ...MANAGERS, ...WRITE },
    request: (_fx, actor) => ({
      url: '/api/team/current/incident-types',
      payload: { name: `Matrix ${actor}`, icon: 'wrench', severity: 'Low' },
    }),
  },
  {
    method: 'PUT',
    url: '/api/team/current/incident-types/:id',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    request: async (fx) => ({
      url: `/api/team/current/incident-types/${await incidentTypeOf(fx)}`,
      payload: { name: 'Security Incident', icon: 'shield-alert', severity: 'Critical' },
    }),
  },
  {
    method: 'POST',
    url: '/api/team/current/incident-types/:id/archive',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    request: async (fx) => ({ url: `/api/team/current/incident-types/${await incidentTypeOf(fx)}/archive` }),
  },
  {
    method: 'POST',
    url: '/api/team/current/incident-types/:id/restore',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    request: async (fx) => ({ url: `/api/team/current/incident-types/${await incidentTypeOf(fx)}/restore` }),
  },
  {
    method: 'GET',
    url: '/api/team/current/custom-fields',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/team/current/custom-fields?include_archived=1'),
  },
  {
    method: 'POST',
    url: '/api/team/current/custom-fields',
    cells: { ...MANAGERS, ...WRITE },
    request: (_fx, actor) => ({
      url: '/api/team/current/custom-fields',
      payload: { label: `Matrix ${actor}`, type: 'text' },
    }),
  },
  {
    method: 'PUT',
    url: '/api/team/current/custom-fields/order',
    cells: { ...MANAGERS, ...WRITE },
    request: async (fx) => {
      const listed = await app.inject({
        url: '/api/team/current/custom-fields',
        headers: fx.cast.owner.auth,
      });
      const ids = listed.json<{ fields: { id: number }[] }>().fields.map((f) => f.id);
      // Team A's ids: a valid order there, a 400 (not a 404: nothing is named by URL) in another team.
      return { url: '/api/team/current/custom-fields/order', payload: { ids: ids.length ? ids : [1] } };
    },
  },
  {
    method: 'PUT',
    url: '/api/team/current/custom-fields/:id',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    request: async (fx) => ({
      url: `/api/team/current/custom-fields/${await customFieldOf(fx)}`,
      payload: { label: 'Matrix tier', options: ['Gold', 'Silver', 'Bronze'] },
    }),
  },
  {
    method: 'POST',
    url: '/api/team/current/custom-fields/:id/archive',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    request: async (fx) => ({ url: `/api/team/current/custom-fields/${await customFieldOf(fx)}/archive` }),
  },
  {
    method: 'POST',
    url: '/api/team/current/custom-fields/:id/restore',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    request: async (fx) => ({ url: `/api/team/current/custom-fields/${await customFieldOf(fx)}/restore` }),
  },
  {
    method: 'PUT',
    url: '/api/team/current/confidential',
    cells: { ...MANAGERS, ...WRITE },
    request: body('/api/team/current/confidential', { enabled: false }),
  },
  {
    method: 'PUT',
    url: '/api/team/current/metrics-sharing',
    cells: { ...MANAGERS, ...WRITE },
    request: body('/api/team/current/metrics-sharing', { enabled: false }),
  },
  {
    method: 'GET',
    url: '/api/team/current/members',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/team/current/members'),
  },
  {
    method: 'GET',
    url: '/api/team/current/invitations',
    cells: { ...MANAGERS, ...READ },
    request: get('/api/team/current/invitations'),
  },
  {
    method: 'POST',
    url: '/api/team/current/invite',
    cells: { ...MANAGERS, ...WRITE },
    request: () => ({ url: '/api/team/current/invite', payload: { email: `${unique()}@example.com` } }),
  },
  {
    method: 'POST',
    url: '/api/team/current/member/:id/role',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    request: (fx) => ({ url: `/api/team/current/member/${fx.target}/role`, payload: { role: 'member' } }),
  },
  {
    method: 'POST',
    url: '/api/team/current/invitations',
    cells: { ...MANAGERS, ...WRITE },
    request: () => ({
      url: '/api/team/current/invitations',
      payload: { emails: [`${unique()}@example.com`] },
    }),
  },
  {
    method: 'DELETE',
    url: '/api/team/current/members/:id',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    // An allowed removal takes a member made for it, so the cast and the shared target stay in team A.
    request: async (fx, actor) => ({
      url: `/api/team/current/members/${MEMBER_REMOVERS.includes(actor) ? await fx.newMember() : fx.target}`,
    }),
  },
  {
    method: 'POST',
    url: '/api/team/current/transfer-ownership',
    cells: { ...OWNERS, otherOwner: 404, superAdmin: 404, ...WRITE },
    // The owner hands team A to a member made for it; the next cell starts from the cast as it was.
    request: async (fx, actor) => {
      await fx.restoreTeamA();
      const to = actor === 'owner' || actor === 'writeToken' ? await fx.newMember() : fx.target;
      return { url: '/api/team/current/transfer-ownership', payload: { user_id: to } };
    },
  },
  {
    method: 'POST',
    url: '/api/team/current/leave',
    // Members and admins leave (200); an only owner is refused with 409 (past authorisation all the same).
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: async (fx) => {
      await fx.restoreTeamA();
      return { url: '/api/team/current/leave' };
    },
  },
  {
    method: 'POST',
    url: '/api/users/:id/department',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    request: (fx) => ({ url: `/api/users/${fx.target}/department`, payload: { user_department: 'Support' } }),
  },
  {
    method: 'GET',
    url: '/api/teams/stats',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/teams/stats'),
  },
  // The dashboard's attention panel (decision 038): the caller's own team; dismissing the checklist is the owner's.
  {
    method: 'GET',
    url: '/api/dashboard/attention',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/dashboard/attention'),
  },
  // Trends and distributions (decision 051): the caller's own team.
  {
    method: 'GET',
    url: '/api/team/current/trends',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/team/current/trends'),
  },
  {
    method: 'GET',
    url: '/api/team/current/distributions',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/team/current/distributions'),
  },
  {
    method: 'POST',
    url: '/api/dashboard/onboarding/dismiss',
    cells: { ...OWNERS, ...WRITE },
    request: get('/api/dashboard/onboarding/dismiss'),
  },
  // Incidents: lists act on the actor's own team; ids of team A are 404 elsewhere
  {
    method: 'POST',
    url: '/api/oops',
    cells: { ...SIGNED_IN, ...INGEST },
    request: body('/api/oops', {
      title: 'Matrix incident',
      severity: 'Low',
      description: 'Created by the authorisation matrix.',
    }),
  },
  { method: 'GET', url: '/api/oops', cells: { ...SIGNED_IN, ...READ }, request: get('/api/oops?limit=5') },
  // Alert ingestion: like POST /api/oops, it opens incidents in the caller's current team.
  {
    method: 'POST',
    url: '/api/ingest/alertmanager',
    cells: { ...SIGNED_IN, ...INGEST },
    request: body('/api/ingest/alertmanager', {
      version: '4',
      status: 'firing',
      alerts: [
        {
          status: 'firing',
          labels: { alertname: 'MatrixAlert', severity: 'warning' },
          annotations: { summary: 'Raised by the authorisation matrix.' },
          startsAt: '2026-03-02T09:00:00Z',
          fingerprint: 'matrix-alertmanager',
        },
      ],
    }),
  },
  {
    method: 'POST',
    url: '/api/ingest/grafana',
    cells: { ...SIGNED_IN, ...INGEST },
    request: body('/api/ingest/grafana', {
      status: 'firing',
      orgId: 1,
      alerts: [
        {
          status: 'firing',
          labels: { alertname: 'MatrixAlert', severity: 'warning' },
          annotations: { summary: 'Raised by the authorisation matrix.' },
          startsAt: '2026-03-02T09:00:00Z',
          fingerprint: 'matrix-grafana',
        },
      ],
    }),
  },
  {
    method: 'GET',
    url: '/api/oops/export.csv',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/oops/export.csv'),
  },
  // CSV import (decision 023): owners and admins of the actor's own team.
  {
    method: 'GET',
    url: '/api/oops/import/template.csv',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/oops/import/template.csv'),
  },
  {
    method: 'POST',
    url: '/api/oops/import/preview',
    cells: { ...MANAGERS, ...WRITE },
    request: body('/api/oops/import/preview', {
      csv: 'title,severity,description\nMatrix,Low,Imported by the matrix.',
    }),
  },
  {
    method: 'POST',
    url: '/api/oops/import',
    cells: { ...MANAGERS, ...WRITE },
    request: body('/api/oops/import', {
      csv: 'title,severity,description\nMatrix,Low,Imported by the matrix.',
    }),
  },
  {
    method: 'GET',
    url: '/api/oops/similar',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/oops/similar?text=database'),
  },
  {
    method: 'GET',
    url: '/api/oops/departments',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/oops/departments'),
  },
  {
    method: 'GET',
    url: '/api/oops/reported-by-me',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/oops/reported-by-me'),
  },
  {
    method: 'GET',
    url: '/api/oops/stats',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/oops/stats'),
  },
  {
    method: 'GET',
    url: '/api/oops/stats.csv',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/oops/stats.csv'),
  },
  {
    method: 'GET',
    url: '/api/oops/last',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/oops/last'),
    emptyIs404: true,
  },
  {
    method: 'GET',
    url: '/api/oops/department-stats',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/oops/department-stats'),
  },
  {
    method: 'GET',
    url: '/api/oops/last-by-department',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/oops/last-by-department'),
  },
  {
    method: 'GET',
    url: '/api/oops/detail/:idSlug',
    cells: { ...TEAM_RESOURCE, ...READ },
    request: (fx) => ({ url: `/api/oops/detail/${fx.idSlug}` }),
  },
  {
    method: 'PUT',
    url: '/api/oops/:id',
    cells: { ...TEAM_RESOURCE, ...WRITE },
    request: (fx) => ({ url: `/api/oops/${fx.oopsId}`, payload: { impact: 'Edited by the matrix' } }),
  },
  {
    // Marking resolved is an edit of the incident (decision 042): any member of its team, write tokens.
    method: 'POST',
    url: '/api/oops/:id/resolve',
    cells: { ...TEAM_RESOURCE, ...WRITE },
    request: (fx) => ({ url: `/api/oops/${fx.oopsId}/resolve`, payload: {} }),
  },
  {
    method: 'POST',
    url: '/api/oops/:id/notes',
    cells: { ...TEAM_RESOURCE, ...WRITE },
    request: (fx) => ({ url: `/api/oops/${fx.oopsId}/notes`, payload: { note: 'matrix note' } }),
  },
  {
    method: 'GET',
    url: '/api/oops/:id/export.md',
    cells: { ...TEAM_RESOURCE, ...READ },
    request: (fx) => ({ url: `/api/oops/${fx.oopsId}/export.md` }),
  },
  {
    method: 'GET',
    url: '/api/oops/:id/actions',
    cells: { ...TEAM_RESOURCE, ...READ },
    request: (fx) => ({ url: `/api/oops/${fx.oopsId}/actions` }),
  },
  {
    method: 'POST',
    url: '/api/oops/:id/actions',
    cells: { ...TEAM_RESOURCE, ...WRITE },
    request: (fx) => ({ url: `/api/oops/${fx.oopsId}/actions`, payload: { title: 'matrix action' } }),
  },
  {
    method: 'PUT',
    url: '/api/oops/:id/actions/:actionId',
    cells: { ...TEAM_RESOURCE, ...WRITE },
    request: (fx) => ({ url: `/api/oops/${fx.oopsId}/actions/${fx.actionId}`, payload: { status: 'open' } }),
  },
  {
    method: 'DELETE',
    url: '/api/oops/:id/actions/:actionId',
    cells: { ...TEAM_RESOURCE, ...WRITE },
    request: async (fx, actor) => ({
      url: `/api/oops/${fx.oopsId}/actions/${{ ...TEAM_RESOURCE, ...WRITE }[actor] === 'allow' ? await fx.newActionId() : fx.actionId}`,
    }),
  },
  // Recurrence (decision 019): links between the team's incidents, by whoever may edit the incident.
  {
    method: 'GET',
    url: '/api/oops/:id/related',
    cells: { ...TEAM_RESOURCE, ...READ },
    request: (fx) => ({ url: `/api/oops/${fx.oopsId}/related` }),
  },
  {
    method: 'POST',
    url: '/api/oops/:id/related/:otherId',
    cells: { ...TEAM_RESOURCE, ...WRITE },
    request: async (fx) => ({
      url: `/api/oops/${fx.oopsId}/related/${(await logOops(app, fx.cast.owner)).id}`,
      payload: {},
    }),
  },
  {
    method: 'DELETE',
    url: '/api/oops/:id/related/:otherId',
    cells: { ...TEAM_RESOURCE, ...WRITE },
    request: async (fx) => {
      const other = await logOops(app, fx.cast.owner);
      const teamId = fx.cast.owner.user.team!.id;
      await app.db.insert(oopsLinks).values({ teamId, oopsId: fx.oopsId, otherId: other.id });
      return { url: `/api/oops/${fx.oopsId}/related/${other.id}` };
    },
  },
  // The team's actions across incidents: one's own for everyone in a team, the whole team's for managers (their
  // member 403 is in server/features/actions/team-actions.test.ts).
  {
    method: 'GET',
    url: '/api/actions',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/actions?mine=1'),
  },
  {
    method: 'POST',
    url: '/api/actions/done-by-link',
    // The link is the credential: everyone gets past authentication, and a bad link is a 400, not a refusal.
    cells: PUBLIC,
    request: body('/api/actions/done-by-link', { token: 'not-a-real-link' }),
  },
  // One-click unsubscribe (RFC 8058): the signed link is the credential; a bad one is a 400, not a refusal.
  {
    method: 'GET',
    url: '/api/unsubscribe',
    cells: PUBLIC,
    request: get('/api/unsubscribe?token=not-a-real-token'),
  },
  {
    method: 'POST',
    url: '/api/unsubscribe',
    cells: PUBLIC,
    request: get('/api/unsubscribe?token=not-a-real-token'),
  },
  {
    method: 'POST',
    url: '/api/actions/:id/done',
    cells: { ...TEAM_RESOURCE, ...WRITE },
    request: (fx) => ({ url: `/api/actions/${fx.actionId}/done` }),
  },
  // "Did it hold?" (decision 048): the action's owner (its member-owner 200 is in
  // server/features/actions/verification.test.ts) or a manager; the unassigned fixture is not waiting, so 409.
  {
    method: 'POST',
    url: '/api/actions/:id/verification',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    request: (fx) => ({ url: `/api/actions/${fx.actionId}/verification`, payload: { held: true } }),
  },
  // The lessons library: everyone in the team reads; owners and admins change (member 403s in lessons.test.ts).
  {
    method: 'GET',
    url: '/api/lessons',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/lessons'),
  },
  {
    method: 'PATCH',
    url: '/api/lessons/:id',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    // Asking for the state it has already: gets through every check and changes nothing.
    request: (fx) => ({ url: `/api/lessons/${fx.lessonId}`, payload: { state: 'captured' } }),
  },
  {
    method: 'POST',
    url: '/api/lessons/:id/merge',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    // Into itself: a 400 after the team and role checks, so nothing is merged.
    request: (fx) => ({ url: `/api/lessons/${fx.lessonId}/merge`, payload: { into: fx.lessonId } }),
  },
  // Triage (decision 049): owners and admins see the queue and triage; everyone reads feedback on their own reports.
  {
    method: 'GET',
    url: '/api/triage/queue',
    cells: { ...MANAGERS, ...READ },
    request: get('/api/triage/queue'),
  },
  {
    method: 'POST',
    url: '/api/triage/:id',
    cells: { ...MANAGERS_RESOURCE, ...WRITE },
    // The fixture is an incident, not a near-miss: a 400 after the team and role checks, so nothing is triaged.
    request: (fx) => ({
      url: `/api/triage/${fx.oopsId}`,
      payload: { outcome: 'no_action', note: 'Matrix.' },
    }),
  },
  {
    method: 'GET',
    url: '/api/triage/feedback',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/triage/feedback'),
  },
  // The command palette's search (decision 040): the team's own incidents, actions and lessons, read only.
  {
    method: 'GET',
    url: '/api/search',
    cells: { ...SIGNED_IN, ...READ },
    request: get('/api/search?q=disk'),
  },
  // Live events
  {
    method: 'GET',
    url: '/api/live',
    cells: { ...SIGNED_IN, ...SESSION_ONLY },
    request: get('/api/live'),
    stream: true,
  },
  // Platform administration
  {
    method: 'GET',
    url: '/api/admin/stats',
    cells: { ...SUPER, ...SESSION_ONLY },
    request: get('/api/admin/stats'),
  },
  {
    method: 'GET',
    url: '/api/admin/users',
    cells: { ...SUPER, ...SESSION_ONLY },
    request: get('/api/admin/users'),
  },
  {
    method: 'GET',
    url: '/api/admin/teams',
    cells: { ...SUPER, ...SESSION_ONLY },
    request: get('/api/admin/teams'),
  },
  {
    method: 'PUT',
    url: '/api/admin/users/:id/status',
    cells: { ...SUPER, ...SESSION_ONLY },
    request: (fx) => ({ url: `/api/admin/users/${fx.target}/status`, payload: { is_active: true } }),
  },
  {
    method: 'GET',
    url: '/api/admin/audit',
    cells: { ...SUPER, ...SESSION_ONLY },
    request: get('/api/admin/audit'),
  },
  // Outgoing webhooks: owners and admins of the team; another team's ids are 404
  {
    method: 'GET',
    url: '/api/team/current/webhooks',
    cells: { ...MANAGERS, ...SESSION_ONLY },
    request: get('/api/team/current/webhooks'),
  },
  {
    method: 'POST',
    url: '/api/team/current/webhooks',
    cells: { ...MANAGERS, ...SESSION_ONLY },
    request: body('/api/team/current/webhooks', {
      url: 'http://127.0.0.1:9/matrix',
      events: ['*'],
      kind: 'generic',
    }),
  },
  {
    method: 'PATCH',
    url: '/api/team/current/webhooks/:id',
    cells: { ...MANAGERS_RESOURCE, ...SESSION_ONLY },
    request: (fx) => ({
      url: `/api/team/current/webhooks/${fx.webhookId}`,
      payload: { description: 'matrix' },
    }),
  },
  {
    method: 'DELETE',
    url: '/api/team/current/webhooks/:id',
    cells: { ...MANAGERS_RESOURCE, ...SESSION_ONLY },
    request: async (fx, actor) => ({
      url: `/api/team/current/webhooks/${actor in MANAGERS_RESOURCE && MANAGERS_RESOURCE[actor as keyof SessionCells] === 'allow' ? await fx.newWebhookId() : fx.webhookId}`,
    }),
  },
  {
    method: 'POST',
    url: '/api/team/current/webhooks/:id/test',
    cells: { ...MANAGERS_RESOURCE, ...SESSION_ONLY },
    request: (fx) => ({ url: `/api/team/current/webhooks/${fx.webhookId}/test` }),
  },
  {
    method: 'GET',
    url: '/api/team/current/webhooks/:id/deliveries',
    cells: { ...MANAGERS_RESOURCE, ...SESSION_ONLY },
    request: (fx) => ({ url: `/api/team/current/webhooks/${fx.webhookId}/deliveries` }),
  },
  {
    method: 'POST',
    url: '/api/team/current/webhooks/:id/deliveries/:deliveryId/redeliver',
    cells: { ...MANAGERS_RESOURCE, ...SESSION_ONLY },
    request: (fx) => ({
      url: `/api/team/current/webhooks/${fx.webhookId}/deliveries/${fx.deliveryId}/redeliver`,
    }),
  },
  // The wall display (decision 050): the one route a display token reaches; its tokens are managed with sessions.
  {
    method: 'GET',
    url: '/api/wall',
    cells: { ...SIGNED_IN, readToken: 'allow', writeToken: 403, ingestToken: 403, displayToken: 'allow' },
    request: get('/api/wall'),
  },
  {
    method: 'GET',
    url: '/api/team/current/display-tokens',
    cells: { ...MANAGERS, ...SESSION_ONLY },
    request: get('/api/team/current/display-tokens'),
  },
  {
    method: 'POST',
    url: '/api/team/current/display-tokens',
    cells: { ...MANAGERS, ...SESSION_ONLY },
    request: body('/api/team/current/display-tokens', { name: 'Matrix TV' }),
  },
  {
    method: 'DELETE',
    url: '/api/team/current/display-tokens/:id',
    cells: { ...MANAGERS_RESOURCE, ...SESSION_ONLY },
    request: async (fx, actor) => ({
      url: `/api/team/current/display-tokens/${actor === 'admin' || actor === 'owner' ? await fx.newDisplayTokenId() : fx.displayTokenId}`,
    }),
  },
];

let app: FastifyInstance;
let base: string;
let fx: Fixtures;
const sent: MailMessage[] = [];

beforeAll(async () => {
  const superAdminEmail = `super-${unique()}@example.com`;
  app = await createTestApp(
    {
      superAdminEmails: new Set([superAdminEmail]),
      // The app's port has GET /metrics only with a metrics token (decision 030).
      metricsToken: 'the-matrix-metrics-token',
      oidc: {
        issuer: 'http://127.0.0.1:9',
        clientId: 'matrix',
        clientSecret: 'matrix-secret',
        providerName: 'SSO',
        allowedDomains: [],
        defaultTeamId: null,
      },
    },
    { send: async (m) => void sent.push(m) },
    // Redeliveries stay pending instead of running in the background while rows are compared.
    { webhooks: { scheduler: { schedule: async () => {} } } },
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  const cast = await buildCast(app, superAdminEmail);
  const teamA = cast.owner.user.team!.id;
  const target = (await memberOf(app, teamA, 'member')).user.id;
  const o = await logOops(app, cast.owner);
  const newActionId = async () => {
    const [row] = await app.db
      .insert(oopsActions)
      .values({ oopsId: o.id, title: 'to delete' })
      .returning({ id: oopsActions.id });
    return row!.id;
  };
  // Webhooks point at a closed loopback port: test sends fail fast, which is all the matrix needs.
  const newWebhookId = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/team/current/webhooks',
      headers: cast.owner.auth,
      // An event no matrix row causes, so no delivery runs in the background while rows are compared.
      payload: { url: 'http://127.0.0.1:9/matrix', events: ['member.joined'], kind: 'generic' },
    });
    return res.json<{ id: number }>().id;
  };
  const webhookId = await newWebhookId();
  const test = await app.inject({
    method: 'POST',
    url: `/api/team/current/webhooks/${webhookId}/test`,
    headers: cast.owner.auth,
  });
  const lessonOops = await logOops(app, cast.owner, { lesson_learned: 'Matrix lesson' });
  const [link] = await app.db
    .select({ id: lessonIncidents.lessonId })
    .from(lessonIncidents)
    .where(eq(lessonIncidents.oopsId, lessonOops.id));
  const newTokenId = async (actor: ActorName) =>
    (await mintApiToken(app, cast.userOf(actor).user.id, ['read'])).id;
  const newSessionId = async (actor: ActorName) => {
    const token = await createSession(app.db, app.config, cast.userOf(actor).user.id, {});
    const [row] = await app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row!.id;
  };
  const newDeviceId = async (actor: ActorName) =>
    (await createDevice(app.db, app.config, cast.userOf(actor).user.id, {})).deviceId;
  const newDisplayTokenId = async () => (await mintDisplayToken(app, teamA)).id;
  fx = {
    cast,
    newDisplayTokenId,
    displayTokenId: await newDisplayTokenId(),
    newSessionId,
    newDeviceId,
    newTokenId,
    oopsId: o.id,
    idSlug: o.id_slug,
    target,
    newActionId,
    actionId: await newActionId(),
    webhookId,
    deliveryId: test.json<{ id: number }>().id,
    newWebhookId,
    lessonId: link!.id,
    newMember: async () => (await memberOf(app, teamA, 'member')).user.id,
    async restoreTeamA() {
      const roles = [
        [cast.owner, 'owner'],
        [cast.admin, 'admin'],
        [cast.member, 'member'],
      ] as const;
      for (const [person, role] of roles) {
        await app.db
          .insert(memberships)
          .values({ userId: person.user.id, teamId: teamA, role })
          .onConflictDoUpdate({ target: [memberships.userId, memberships.teamId], set: { role } });
        await app.db.update(users).set({ currentTeamId: teamA }).where(eq(users.id, person.user.id));
      }
      await app.db
        .update(memberships)
        .set({ role: 'member' })
        .where(
          and(
            eq(memberships.teamId, teamA),
            eq(memberships.role, 'owner'),
            ne(memberships.userId, cast.owner.user.id),
          ),
        );
      await app.db.update(teams).set({ ownerId: cast.owner.user.id }).where(eq(teams.id, teamA));
    },
  };
});
afterAll(() => app.close());

function allowed(status: number): boolean {
  return status !== 401 && status !== 403 && status !== 404 && status < 500;
}

async function send(row: Row, actor: ActorName): Promise<number> {
  const { url, payload, headers: extra } = await row.request(fx, actor);
  const headers = { ...(await fx.cast.headers(actor)), ...extra };
  if (row.stream) {
    const controller = new AbortController();
    const res = await fetch(`${base}${url}`, { headers, signal: controller.signal });
    controller.abort();
    return res.status;
  }
  const res = await app.inject({ method: row.method, url, headers, ...(payload ? { payload } : {}) });
  await row.after?.(fx, actor);
  return res.statusCode;
}

describe('authorisation matrix', () => {
  it('has exactly one row for every registered route', () => {
    const registered = app.routeTable.map((r) => `${r.method} ${r.url}`).sort();
    const rows = ROWS.map((r) => `${r.method} ${r.url}`).sort();
    expect(rows).toEqual(registered);
  });

  const cells = ROWS.flatMap((row) =>
    ACTORS.map((actor) => [`${row.method} ${row.url}`, actor, row] as const),
  );
  it.each(cells)('%s as %s', async (_name, actor, row) => {
    const status = await send(row, actor);
    const expected = row.cells[actor];
    if (expected === 'allow')
      expect(allowed(status) || (row.emptyIs404 === true && status === 404), `got ${status}`).toBe(true);
    else expect(status).toBe(expected);
  });

  it("leaves team A's data unchanged when another team names its ids", async () => {
    const snapshot = async () => ({
      oops: await app.db.select().from(oops).where(eq(oops.id, fx.oopsId)),
      notes: (await app.db.select().from(oopsNotes).where(eq(oopsNotes.oopsId, fx.oopsId))).length,
      actions: await app.db.select().from(oopsActions).where(eq(oopsActions.oopsId, fx.oopsId)),
      target: await app.db.select().from(users).where(eq(users.id, fx.target)),
      membership: await app.db.select().from(memberships).where(eq(memberships.userId, fx.target)),
      webhook: await app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, fx.webhookId)),
      deliveries: await app.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, fx.webhookId)),
      lesson: await app.db.select().from(lessons).where(eq(lessons.id, fx.lessonId)),
      customFields: await app.db
        .select()
        .from(teamCustomFields)
        .where(eq(teamCustomFields.teamId, fx.cast.owner.user.team!.id)),
    });
    const before = await snapshot();
    for (const row of ROWS.filter((r) => r.cells.otherOwner === 404 && r.method !== 'GET')) {
      expect(await send(row, 'otherOwner'), `${row.method} ${row.url}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});

// OIDC_ONLY=true (decision 022): the ways in by password and e-mail are open to super admins only. The same
// installation with the switch turned on: the config object is the one the app was built with.
describe('authorisation matrix: OIDC-only mode', () => {
  beforeAll(() => {
    app.config.oidcOnly = true;
  });
  afterAll(() => {
    app.config.oidcOnly = false;
  });
  const PEOPLE = ['member', 'admin', 'owner', 'otherOwner', 'superAdmin', 'disabled'] as const;
  const WAYS = {
    'POST /api/auth/login': (p: SignedIn) => ({
      url: '/api/auth/login',
      payload: { email: p.email, password: p.password },
    }),
    'POST /api/auth/magic-link': (p: SignedIn) => ({
      url: '/api/auth/magic-link',
      payload: { email: p.email },
    }),
    'POST /api/auth/register': (p: SignedIn) => ({
      url: '/api/auth/register',
      payload: {
        email: p.email,
        password: 'Str0ng!Pass',
        name: 'N',
        username: unique(),
        teamName: 'T',
        industry: 'Other',
      },
    }),
  };
  const cells = Object.entries(WAYS).flatMap(([way, request]) =>
    PEOPLE.map((person) => [way, person, request] as const),
  );
  it.each(cells)('%s as %s', async (_way, person, request) => {
    const { url, payload } = request(fx.cast[person]);
    const res = await app.inject({ method: 'POST', url, payload });
    // register answers 409 for the super admin: the address exists, so the mode did not refuse it.
    if (person === 'superAdmin') expect(allowed(res.statusCode), `got ${res.statusCode}`).toBe(true);
    else expect(res.statusCode).toBe(403);
  });
});
