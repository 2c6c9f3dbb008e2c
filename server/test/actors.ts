// The cast of the authorisation matrix: one actor per column, with sessions minted directly (no argon2 per cell).
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions, users } from '../db/schema';
import { createSession } from '../lib/sessions';
import { hashToken } from '../lib/tokens';
import { memberOf, signUp, type SignedIn } from './factories';

export const ACTORS = [
  'anonymous',
  'member',
  'admin',
  'owner',
  'otherOwner',
  'superAdmin',
  'disabled',
  'loggedOut',
  'expired',
] as const;
export type ActorName = (typeof ACTORS)[number];

export interface Cast {
  owner: SignedIn;
  admin: SignedIn;
  member: SignedIn;
  otherOwner: SignedIn;
  superAdmin: SignedIn;
  disabled: SignedIn;
  /** A fresh Authorization header for the actor (a new session each call; none for anonymous). */
  headers(actor: ActorName): Promise<Record<string, string>>;
}

export async function buildCast(app: FastifyInstance, superAdminEmail: string): Promise<Cast> {
  const owner = await signUp(app);
  const teamId = owner.user.team!.id;
  const admin = await memberOf(app, teamId, 'admin');
  const member = await memberOf(app, teamId, 'member');
  const disabled = await memberOf(app, teamId, 'member');
  await app.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.user.id));
  const otherOwner = await signUp(app);
  const superAdmin = await signUp(app, { email: superAdminEmail });
  const people = { owner, admin, member, otherOwner, superAdmin, disabled };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    ...people,
    async headers(actor) {
      if (actor === 'anonymous') return {};
      if (actor === 'loggedOut') {
        const token = await createSession(app.db, app.config, member.user.id, {});
        await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
        return bearer(token);
      }
      if (actor === 'expired') {
        const token = await createSession(app.db, app.config, member.user.id, {});
        await app.db
          .update(sessions)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(eq(sessions.tokenHash, hashToken(token)));
        return bearer(token);
      }
      return bearer(await createSession(app.db, app.config, people[actor].user.id, {}));
    },
  };
}
