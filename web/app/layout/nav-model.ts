// What the navigation bar shows (docs/product.md §2 Navigation bar), as pure functions so the rules are unit-tested.
import type { User } from '../../../common/contracts/auth';
import { MANAGER_ROLES } from '../../../common/domain/options';
import type { SessionStatus } from '../../lib/session/session-context';

/** loading: nothing account-related yet; anonymous: Log In / Sign Up; landing: user menu + Get Started; app: full bar. */
export type NavMode = 'loading' | 'anonymous' | 'landing' | 'app';

export function navMode(status: SessionStatus, pathname: string): NavMode {
  if (status === 'loading') return 'loading';
  if (status === 'anonymous') return 'anonymous';
  return pathname === '/' ? 'landing' : 'app';
}

export interface NavItem {
  label: string;
  to: string;
}

export function appNavItems(user: User): NavItem[] {
  const items: NavItem[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Oops Log', to: '/oops' },
  ];
  // Follow-up actions live in a team: everyone in one gets their own list.
  if (user.role !== null) items.push({ label: 'My Actions', to: '/actions' });
  // The team's lessons library: everyone in a team reads it.
  if (user.role !== null) items.push({ label: 'Lessons', to: '/lessons' });
  // Owners and admins give every near-miss and learning moment an outcome (decision 049).
  const manages = user.role !== null && MANAGER_ROLES.includes(user.role);
  if (manages) items.push({ label: 'Triage', to: '/triage' });
  if (user.is_super_admin) items.push({ label: 'Admin', to: '/admin' });
  if (manages) items.push({ label: 'Team', to: '/team' });
  return items;
}

/** docs/product.md §5: the global search submits only when the trimmed text is non-empty. */
export function searchTarget(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? `/oops?search=${encodeURIComponent(trimmed)}` : null;
}

/** The presentation-mode toggle is shown only on /dashboard. */
export function showsPresentationToggle(pathname: string): boolean {
  return pathname === '/dashboard' || pathname === '/dashboard/';
}

export function presentationToggleLabel(presenting: boolean): string {
  return presenting ? 'Exit Presentation Mode' : 'Presentation Mode';
}

/** The user menu's heading: name or e-mail, and the team role (default 'member'). */
export function userMenuIdentity(user: User): { title: string; role: string } {
  return { title: user.name.trim() || user.email, role: user.role ?? 'member' };
}
