// The cast of the authorisation matrix: one actor per column, with sessions minted directly (no argon2 per cell).
// The three token actors are personal access tokens of team A's owner, one per scope, so that only the scope limits
// them (decision 013); the display token is team A's (decision 050).
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ApiTokenScope } from '../../common/domain/api-tokens';
import { apiTokens, displayTokens, sessions, users } from '../db/schema';
import { createSession } from '../lib/sessions';
import { hashToken, newApiToken, newDisplayToken } from '../lib/tokens';
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
  'readToken',
  'writeToken',
  'ingestToken',
  'displayToken',
] as const;
export type ActorName = (typeof ACTORS)[number];
export type TokenActorName = 'readToken' | 'writeToken' | 'ingestToken' | 'displayToken';
const TOKEN_SCOPES: Record<Exclude<TokenActorName, 'displayToken'>, ApiTokenScope> = {
  readToken: 'read',
  writeToken: 'write',
  ingestToken: 'ingest',
};

/** Mints a personal access token for `userId` directly (as POST /api/user/tokens would) and returns the secret. */
export async function mintApiToken(
  app: FastifyInstance,
  userId: number,
  scopes: ApiTokenScope[],
): Promise<{ id: number; token: string }> {
  const { token, hash, hint } = newApiToken();
  const [row] = await app.db
    .insert(apiTokens)
    .values({ userId, name: 'matrix', tokenHash: hash, tokenHint: hint, scopes })
    .returning({ id: apiTokens.id });
  return { id: row!.id, token };
}

/** Makes a display token for `teamId` directly (as POST /api/team/current/display-tokens would). */
export async function mintDisplayToken(
  app: FastifyInstance,
  teamId: number,
): Promise<{ id: number; token: string }> {
  const { token, hash, hint } = newDisplayToken();
  const [row] = await app.db
    .insert(displayTokens)
    .values({ teamId, name: 'matrix', tokenHash: hash, tokenHint: hint })
    .returning({ id: displayTokens.id });
  return { id: row!.id, token };
}

export interface Cast {
  owner: SignedIn;
  admin: SignedIn;
  member: SignedIn;
  otherOwner: SignedIn;
  superAdmin: SignedIn;
  disabled: SignedIn;
  /** A fresh Authorization header for the actor (a new session or token each call; none for anonymous). */
  headers(actor: ActorName): Promise<Record<string, string>>;
  /** The user behind an actor (the token actors are the owner; signed-out ones the member). */
  userOf(actor: ActorName): SignedIn;
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
  const userOf = (actor: ActorName): SignedIn =>
    actor in people
      ? people[actor as keyof typeof people]
      : actor in TOKEN_SCOPES || actor === 'displayToken'
        ? owner
        : member;
  return {
    ...people,
    userOf,
    async headers(actor) {
      if (actor === 'anonymous') return {};
      if (actor === 'displayToken') return bearer((await mintDisplayToken(app, teamId)).token);
      if (actor in TOKEN_SCOPES) {
        const scope = TOKEN_SCOPES[actor as keyof typeof TOKEN_SCOPES];
        return bearer((await mintApiToken(app, owner.user.id, [scope])).token);
      }
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
      return bearer(await createSession(app.db, app.config, userOf(actor).user.id, {}));
    },
  };
}
