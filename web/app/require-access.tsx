import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/session/use-session';
import { signInHref } from '../lib/session/return-to';
import { decideAccess, type AccessRule } from './route-guard';

/**
 * Layout route that renders its children only when decideAccess allows it. Sending a signed-out visitor to sign
 * in keeps where they were going (path, query and hash), so signing in returns there.
 */
export function RequireAccess(rule: AccessRule) {
  const session = useSession();
  const location = useLocation();
  const decision = decideAccess(session, rule);
  if (decision.type === 'loading') return <PageLoader label="Checking your session" />;
  if (decision.type === 'redirect') {
    const to =
      decision.to === '/login'
        ? signInHref(`${location.pathname}${location.search}${location.hash}`, session.expired)
        : decision.to;
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
