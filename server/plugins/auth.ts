// Bearer sessions and personal access tokens → request.actor. Routes are private unless they say
// `config: { public: true }`, so a new endpoint cannot be left open by forgetting a hook. A token actor is then held to
// its scopes here, in one place (server/lib/token-scopes.ts, docs/decisions/013-api-tokens.md).
import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../common/domain/messages';
import { API_TOKEN_TEXTS, type ApiTokenScope } from '../../common/domain/api-tokens';
import type { Role } from '../../common/domain/options';
import type { Config } from '../config';
import { apiTokens, memberships, sessions, teams, users } from '../db/schema';
import { WALL_TEXTS } from '../../common/domain/wall';
import type { Actor, DisplayActor, SessionActor, TeamActor } from '../lib/actor';
import { ACTORS_CHANGED, ActorCache } from '../lib/actor-cache';
import { AUDIT, recordAudit } from '../lib/audit';
import { AppError } from '../lib/errors';
import { isSuperAdmin } from '../lib/super-admin';
import { displayTokenMayCall, requiredTokenScopes, type TokenAccess } from '../lib/token-scopes';
import { hashToken, isApiToken, isDisplayToken } from '../lib/tokens';
import { resolveDisplayToken } from './display-auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No session needed (the actor is still resolved when a valid token is sent). */
    public?: boolean;
    /** Which API-token scopes may call the route; by default derived in server/lib/token-scopes.ts. */
    tokenScope?: TokenAccess;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** An office screen's display token (decision 050), on the wall's routes only; actor is then null. */
    display: DisplayActor | null;
  }
  interface FastifyInstance {
    /** Empties every process's actor cache (server/lib/actor-cache.ts): a session, user or membership changed. */
    forgetActors(): Promise<void>;
  }
}

// last_seen_at is refreshed at most this often, so reads do not turn into writes on every request.
const TOUCH_INTERVAL_MS = 60_000;
/** How long a remembered actor is trusted without asking the database again (server/lib/actor-cache.ts). */
export const ACTOR_CACHE_TTL_MS = 5_000;
const ACTOR_CACHE_MAX_ENTRIES = 50_000;

interface PersonRow {
  userId: number;
  email: string;
  name: string;
  username: string | null;
  userDepartment: string | null;
  isActive: boolean;
  isSuperAdmin: boolean;
  teamId: number | null;
  teamName: string | null;
  role: Role | null;
}
interface SessionRow extends PersonRow {
  kind: 'session';
  sessionId: number;
  lastSeenAt: Date;
  expiresAt: Date;
}
interface TokenRow extends PersonRow {
  kind: 'token';
  tokenId: number;
  scopes: ApiTokenScope[];
  lastUsedAt: Date | null;
  expiresAt: Date | null;
}
type ActorRow = SessionRow | TokenRow;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header.trim());
  return match ? match[1]! : null;
}

export const authPlugin = fp<{ config: Config }>(async (app, { config }) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('display', null);
  const cache = new ActorCache<ActorRow>(ACTOR_CACHE_TTL_MS, ACTOR_CACHE_MAX_ENTRIES);
  const unsubscribe = app.database.subscribe((payload) => {
    if (payload === ACTORS_CHANGED) cache.clear();
  });
  // A change may have been notified while the listener was away.
  const unsubscribeGaps = app.database.subscribeGaps(() => cache.clear());
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribeGaps();
  });

  // The dispatcher (server/events/dispatcher.ts) calls this for events that change who an actor is, before the
  // answer to the change leaves: this process forgets at once, the others when the notification reaches them.
  app.decorate('forgetActors', async () => {
    cache.clear();
    try {
      await app.database.publish(ACTORS_CHANGED);
    } catch (error) {
      // The other processes then notice within the cache's TTL.
      app.log.warn({ err: error }, 'actor change not published');
    }
  });

  app.addHook('onRequest', async (request) => {
    // The swagger UI's static files are public documentation.
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    const token = bearerToken(request);
    const { config: routeConfig, url } = request.routeOptions;
    if (token && isDisplayToken(token)) {
      if (url) request.display = await checkDisplayToken(request, token, url);
      return;
    }
    if (token) request.actor = await resolveActor(token, request.ip);
    // A token on a public route (sign-in, register, ...) counts for nothing: it is not a way into the account.
    if (request.actor?.via === 'token' && routeConfig.public) request.actor = null;
    if (!request.actor && !routeConfig.public && url) {
      throw new AppError('unauthenticated', MESSAGES.authRequired);
    }
    if (request.actor?.via === 'token' && url) await checkTokenScope(request, request.actor, url);
  });

  /**
   * A display token reads its team's wall and nothing else, public routes included (decision 050): 401 when it does
   * not exist (revoked), 403 (audited) on any other route.
   */
  async function checkDisplayToken(request: FastifyRequest, token: string, url: string): Promise<DisplayActor> {
    const display = await resolveDisplayToken(app.db, token);
    if (!display) throw new AppError('unauthenticated', MESSAGES.authRequired);
    if (displayTokenMayCall(request.routeOptions.config.tokenScope)) return display;
    await recordAudit(app.db, {
      action: AUDIT.tokenDenied,
      actorId: null,
      teamId: display.teamId,
      target: String(display.tokenId),
      ip: request.ip,
      details: { display_token_id: display.tokenId, reason: 'display_only', route: `${request.method} ${url}` },
    });
    throw new AppError('forbidden', WALL_TEXTS.displayOnly);
  }

  /** A token may call a route only with one of the scopes it needs; every refusal is audited. */
  async function checkTokenScope(request: FastifyRequest, actor: Actor, url: string): Promise<void> {
    const needed = requiredTokenScopes(request.method, url, request.routeOptions.config.tokenScope);
    if (needed && needed.some((scope) => actor.scopes?.includes(scope))) return;
    await recordAudit(app.db, {
      action: AUDIT.tokenDenied,
      actorId: actor.userId,
      teamId: actor.teamId,
      target: String(actor.tokenId),
      ip: request.ip,
      details: {
        token_id: actor.tokenId,
        reason: needed ? 'scope' : 'session_only',
        route: `${request.method} ${url}`,
        needed: needed ?? 'session',
        scopes: actor.scopes,
      },
    });
    throw new AppError(
      'forbidden',
      needed ? API_TOKEN_TEXTS.scopeMissing(needed) : API_TOKEN_TEXTS.sessionOnly,
    );
  }

  async function resolveActor(token: string, ip: string): Promise<Actor | null> {
    const now = Date.now();
    const tokenHash = hashToken(token);
    const remembered = cache.get(tokenHash, now);
    if (remembered && isFresh(remembered, now)) return toActor(remembered);
    const generation = cache.current();
    const row = isApiToken(token) ? await readApiToken(tokenHash) : await readSession(tokenHash);
    if (!row || !row.isActive) return null;
    const fresh = row.kind === 'session' ? await checkSession(row, now) : await checkApiToken(row, now, ip);
    if (!fresh) {
      cache.delete(tokenHash);
      return null;
    }
    cache.set(tokenHash, row, generation, now);
    return toActor(row);
  }

  /** Ends an expired session; refreshes last_seen_at at most once a minute. */
  async function checkSession(row: SessionRow, now: number): Promise<boolean> {
    const idleExpired = row.lastSeenAt.getTime() + config.sessionIdleMs < now;
    if (idleExpired || row.expiresAt.getTime() < now) {
      await app.db.delete(sessions).where(eq(sessions.id, row.sessionId));
      return false;
    }
    if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await app.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, row.sessionId));
      row.lastSeenAt = new Date(now);
    }
    return true;
  }

  /**
   * An expired token is refused but kept, so that its owner sees it as expired in the list. last_used_at is
   * refreshed at most once a minute, like a session's last_seen_at.
   */
  async function checkApiToken(row: TokenRow, now: number, ip: string): Promise<boolean> {
    if (row.expiresAt && row.expiresAt.getTime() <= now) {
      await recordAudit(app.db, {
        action: AUDIT.tokenDenied,
        actorId: row.userId,
        teamId: row.teamId,
        target: String(row.tokenId),
        ip,
        details: { token_id: row.tokenId, reason: 'expired' },
      });
      return false;
    }
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await app.db
        .update(apiTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(apiTokens.id, row.tokenId));
      row.lastUsedAt = new Date(now);
    }
    return true;
  }

  /** A remembered actor may answer only while it needs neither expiring nor touching. */
  function isFresh(row: ActorRow, now: number): boolean {
    if (row.kind === 'token') {
      return (
        row.lastUsedAt !== null &&
        now - row.lastUsedAt.getTime() <= TOUCH_INTERVAL_MS &&
        (row.expiresAt === null || row.expiresAt.getTime() > now)
      );
    }
    return now - row.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS && row.expiresAt.getTime() > now;
  }

  // The owner's current team and role, as for a session: a token follows its user's role and membership.
  const person = {
    userId: users.id,
    email: users.email,
    name: users.name,
    username: users.username,
    userDepartment: users.userDepartment,
    isActive: users.isActive,
    isSuperAdmin: users.isSuperAdmin,
    teamId: teams.id,
    teamName: teams.name,
    role: memberships.role,
  };
  const currentMembership = and(
    eq(memberships.userId, users.id),
    eq(memberships.teamId, users.currentTeamId),
  );

  // Prepared once (named: each pooled connection prepares them on first use and plans them generically): a miss of
  // the actor cache (a dashboard polling every 30 s always misses its 5 s) was a four-table join built and planned
  // each time.
  /** The credential's row (by its token's hash) with its user's current team and role. */
  const credentialRead = <C extends Record<string, AnyPgColumn>>(
    credential: typeof sessions | typeof apiTokens,
    columns: C,
    name: string,
  ) =>
    app.db
      .select({ ...person, ...columns })
      .from(credential)
      .innerJoin(users, eq(users.id, credential.userId))
      .leftJoin(memberships, currentMembership)
      .leftJoin(teams, eq(teams.id, memberships.teamId))
      .where(eq(credential.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare(name);
  const apiTokenRead = credentialRead(
    apiTokens,
    {
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
    },
    'auth_api_token',
  );
  const sessionRead = credentialRead(
    sessions,
    { sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt },
    'auth_session',
  );

  async function readApiToken(tokenHash: string): Promise<TokenRow | undefined> {
    const [row] = await apiTokenRead.execute({ tokenHash });
    return row && { kind: 'token', ...row };
  }

  async function readSession(tokenHash: string): Promise<SessionRow | undefined> {
    const [row] = await sessionRead.execute({ tokenHash });
    return row && { kind: 'session', ...row };
  }

  function toActor(row: ActorRow): Actor {
    return {
      userId: row.userId,
      via: row.kind,
      sessionId: row.kind === 'session' ? row.sessionId : null,
      tokenId: row.kind === 'token' ? row.tokenId : null,
      scopes: row.kind === 'token' ? row.scopes : null,
      email: row.email,
      name: row.name,
      username: row.username,
      userDepartment: row.userDepartment,
      isSuperAdmin: isSuperAdmin(config, row),
      teamId: row.teamId,
      teamName: row.teamName,
      role: row.role,
    };
  }
});

/** The signed-in actor of a private route (the onRequest hook guarantees one). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthenticated', MESSAGES.authRequired);
  return request.actor;
}

/** The signed-in actor of a team-scoped route; a user who belongs to no team has nothing to see there (403). */
export function requireTeamActor(request: FastifyRequest): TeamActor {
  const actor = requireActor(request);
  const { teamId, role } = actor;
  if (teamId === null || role === null) throw new AppError('forbidden', MESSAGES.noTeam);
  return { ...actor, teamId, role };
}

/**
 * The session actor of a session-bound route (logout, presentation refresh, the live stream). The scope check
 * already keeps tokens away from these routes; this makes the type say so too.
 */
export function requireSessionActor(request: FastifyRequest): SessionActor {
  const actor = requireActor(request);
  if (actor.via !== 'session' || actor.sessionId === null)
    throw new AppError('forbidden', API_TOKEN_TEXTS.sessionOnly);
  return { ...actor, via: 'session', sessionId: actor.sessionId };
}
