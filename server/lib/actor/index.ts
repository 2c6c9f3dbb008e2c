// Who makes a request, as plugins/auth fills it in (request.actor) and every feature reads it (decision 037: one
// module, this face). Types only: lib/ never imports plugins/, so the plugin imports these.
import type { ApiTokenScope } from '../../../common/domain/api-tokens';
import type { Role } from '../../../common/domain/options';

export interface Actor {
  userId: number;
  /** How the caller signed in: a browser session, or a personal access token (API token). */
  via: 'session' | 'token';
  /** The session of a `via: 'session'` actor; null for tokens, which never reach session-bound routes. */
  sessionId: number | null;
  /** The API token of a `via: 'token'` actor; null for sessions. */
  tokenId: number | null;
  /** What a token may do; null for sessions, which may do whatever their role allows. */
  scopes: readonly ApiTokenScope[] | null;
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

/** An actor with a current team, and their role in it: what every team-scoped route works with. */
export interface TeamActor extends Actor {
  teamId: number;
  role: Role;
}

/** An actor signed in with a session (not an API token): what session-bound routes work with. */
export interface SessionActor extends Actor {
  via: 'session';
  sessionId: number;
}

/**
 * An office screen signed in with a display token (decision 050): no person, only the team whose wall it shows.
 * plugins/auth sets it as request.display (request.actor stays null) on the wall's routes, and nowhere else.
 */
export interface DisplayActor {
  tokenId: number;
  teamId: number;
  teamName: string;
}
