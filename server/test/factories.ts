// Factories: every test creates its own users and team through the API (no truncation, no order dependence).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { User } from '../../common/contracts/auth';

export const GOOD_PASSWORD = 'Str0ng!Pass';

export function unique(prefix = 'u'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

export interface SignedIn {
  token: string;
  user: User;
  email: string;
  password: string;
  auth: { authorization: string };
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; password: string; user: User }> {
  const name = unique();
  const body = {
    email: `${name}@example.com`,
    password: GOOD_PASSWORD,
    name: `Test ${name}`,
    username: name,
    teamName: `Team ${name}`,
    industry: 'Technology',
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { email: String(body.email).toLowerCase(), password: String(body.password), user: res.json().user };
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json();
  return { token, user, email, password, auth: { authorization: `Bearer ${token}` } };
}

/** A new user who owns a new team, signed in. */
export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<SignedIn> {
  const { email, password } = await registerUser(app, overrides);
  return login(app, email, password);
}

/**
 * A new user who is a member of `teamId` with `role`, signed in there. Invitations arrive with the accounts issue;
 * until then the membership row is written directly.
 */
export async function memberOf(
  app: FastifyInstance,
  teamId: number,
  role: 'owner' | 'admin' | 'member',
): Promise<SignedIn> {
  const { memberships, users } = await import('../db/schema');
  const { eq } = await import('drizzle-orm');
  const { email, password, user } = await registerUser(app);
  await app.db.insert(memberships).values({ userId: user.id, teamId, role });
  await app.db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, user.id));
  return login(app, email, password);
}
