// Bearer sessions → request.actor. Routes are private unless they say `config: { public: true }`,
// so a new endpoint cannot be left open by forgetting a hook.
import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../common/domain/messages';
import type { Role } from '../../common/domain/options';
import type { Config } from '../config';
import { memberships, sessions, teams, users } from '../db/schema';
import { ACTORS_CHANGED, ActorCache } from '../lib/actor-cache';
import { AppError } from '../lib/errors';
import { isSuperAdmin } from '../lib/super-admin';
import { hashToken } from '../lib/tokens';

export interface Actor {
  userId: number;
  sessionId: number;
  email: string;
  name: string;
  username: string | null;
  userDepartment: string | null;
  isSuperAdmin: boolean;
  /** The current team and the actor's role in it; null only for a user who belongs to no team. */
  teamId: number | null;
  teamName: string | null;
  role: Role | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No session needed (the actor is still resolved when a valid token is sent). */
    public?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
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

interface SessionRow {
  sessionId: number;
  lastSeenAt: Date;
  expiresAt: Date;
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

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header.trim());
  return match ? match[1]! : null;
}

export const authPlugin = fp<{ config: Config }>(async (app, { config }) => {
  app.decorateRequest('actor', null);
  const cache = new ActorCache<SessionRow>(ACTOR_CACHE_TTL_MS, ACTOR_CACHE_MAX_ENTRIES);
  const unsubscribe = app.database.subscribe((payload) => {
    if (payload === ACTORS_CHANGED) cache.clear();
  });
  app.addHook('onClose', async () => unsubscribe());

  // The dispatcher (server/plugins/events.ts) calls this for events that change who an actor is, before the
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
    if (token) request.actor = await resolveActor(token);
    if (!request.actor && !request.routeOptions.config.public && request.routeOptions.url) {
      throw new AppError('unauthenticated', MESSAGES.authRequired);
    }
  });

  async function resolveActor(token: string): Promise<Actor | null> {
    const now = Date.now();
    const tokenHash = hashToken(token);
    const remembered = cache.get(tokenHash, now);
    if (remembered && isFresh(remembered, now)) return toActor(remembered);
    const generation = cache.current();
    const row = await readSession(tokenHash);
    if (!row || !row.isActive) return null;
    const idleExpired = row.lastSeenAt.getTime() + config.sessionIdleMs < now;
    if (idleExpired || row.expiresAt.getTime() < now) {
      cache.delete(tokenHash);
      await app.db.delete(sessions).where(eq(sessions.id, row.sessionId));
      return null;
    }
    if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await app.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, row.sessionId));
      row.lastSeenAt = new Date(now);
    }
    cache.set(tokenHash, row, generation, now);
    return toActor(row);
  }

  /** A remembered session may answer only while it needs neither expiring nor touching. */
  function isFresh(row: SessionRow, now: number): boolean {
    return now - row.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS && row.expiresAt.getTime() > now;
  }

  async function readSession(tokenHash: string): Promise<SessionRow | undefined> {
    const rows = await app.db
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
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
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(
        memberships,
        and(eq(memberships.userId, users.id), eq(memberships.teamId, users.currentTeamId)),
      )
      .leftJoin(teams, eq(teams.id, memberships.teamId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    return rows[0];
  }

  function toActor(row: SessionRow): Actor {
    return {
      userId: row.userId,
      sessionId: row.sessionId,
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

/** An actor with a current team, and their role in it: what every team-scoped route works with. */
export interface TeamActor extends Actor {
  teamId: number;
  role: Role;
}

/** The signed-in actor of a team-scoped route; a user who belongs to no team has nothing to see there (403). */
export function requireTeamActor(request: FastifyRequest): TeamActor {
  const actor = requireActor(request);
  const { teamId, role } = actor;
  if (teamId === null || role === null) throw new AppError('forbidden', MESSAGES.noTeam);
  return { ...actor, teamId, role };
}
