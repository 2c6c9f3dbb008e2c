// Route guard decisions of docs/product.md §2, as a pure function so every branch is unit-tested:
// not signed in → /login; super-admin pages without the flag → /unauthorized; a role list without the role →
// /unauthorized. While the session is still loading nothing is decided (a loader shows, never a redirect).
import type { User } from '../../common/contracts/auth';
import type { Role } from '../../common/domain/options';
import type { SessionStatus } from '../lib/session/session-context';

export interface AccessRule {
  superAdmin?: boolean;
  roles?: readonly Role[];
}

export type AccessDecision =
  { type: 'loading' } | { type: 'allow' } | { type: 'redirect'; to: '/login' | '/unauthorized' };

export function decideAccess(
  session: { status: SessionStatus; user: User | null },
  rule: AccessRule = {},
): AccessDecision {
  if (session.status === 'loading') return { type: 'loading' };
  const user = session.user;
  if (session.status !== 'authenticated' || !user) return { type: 'redirect', to: '/login' };
  if (rule.superAdmin && !user.is_super_admin) return { type: 'redirect', to: '/unauthorized' };
  if (rule.roles && (user.role === null || !rule.roles.includes(user.role))) {
    return { type: 'redirect', to: '/unauthorized' };
  }
  return { type: 'allow' };
}
