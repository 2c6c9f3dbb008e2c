// Bearer sessions → request.actor. Routes are private unless they say `config: { public: true }`,
// so a new endpoint cannot be left open by forgetting a hook.
import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../common/domain/messages';
import type { Role } from '../../common/domain/options';
import type { Config } from '../config';
import { memberships, sessions, teams, users } from '../db/schema';
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
}

// last_seen_at is refreshed at most this often, so reads do not turn into writes on every request.
const TOUCH_INTERVAL_MS = 60_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header.trim());
  return match ? match[1]! : null;
}

export const authPlugin = fp<{ config: Config }>(async (app, { config }) => {
  app.decorateRequest('actor', null);

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
      .where(eq(sessions.tokenHash, hashToken(token)))
      .limit(1);
    const row = rows[0];
    if (!row || !row.isActive) return null;
    const idleExpired = row.lastSeenAt.getTime() + config.sessionIdleMs < now;
    if (idleExpired || row.expiresAt.getTime() < now) {
      await app.db.delete(sessions).where(eq(sessions.id, row.sessionId));
      return null;
    }
    if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await app.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, row.sessionId));
    }
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
