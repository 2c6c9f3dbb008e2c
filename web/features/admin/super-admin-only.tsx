import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session/use-session';

/**
 * The in-page redirect of docs/product.md §2 for admin pages, on top of the route guard: no user goes to /login, a user
 * without the super-admin flag to /unauthorized. The page's content (and its admin calls) mounts only when allowed,
 * so a page reached some other way never asks the server for data it would refuse.
 */
export function SuperAdminOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <PageLoader label="Checking your session" />;
  if (!user) return <Navigate to="/login" replace />;
  if (!user.is_super_admin) return <Navigate to="/unauthorized" replace />;
  return children;
}
