import { createContext } from 'react';
import type { User } from '../../../common/contracts/auth';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionValue {
  status: SessionStatus;
  user: User | null;
  /** Signed out because the server refused this tab's session (it expired or was ended elsewhere). */
  expired: boolean;
  /** Stores the token and user after a successful login (docs/product.md §4). */
  signIn: (token: string, user: User) => void;
  /** Logs out, clears the session whatever the server said, then goes to / (docs/product.md §2, §4). */
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

export const SESSION_USER_KEY = ['session', 'user'] as const;
