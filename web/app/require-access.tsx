import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/session/use-session';
import { decideAccess, type AccessRule } from './route-guard';

/** Layout route that renders its children only when decideAccess allows it. */
export function RequireAccess(rule: AccessRule) {
  const session = useSession();
  const decision = decideAccess(session, rule);
  if (decision.type === 'loading') return <PageLoader label="Checking your session" />;
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
