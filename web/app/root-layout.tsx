import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { SessionProvider } from '../lib/session/session-provider';
import { AppLayout } from './layout/app-layout';

/**
 * The root route: the session needs the router (sign-out navigates), the layout needs the session. The URL state
 * adapter (nuqs) is mounted here once, inside the router whose search parameters it reads and writes.
 */
export function RootLayout() {
  return (
    <NuqsAdapter>
      <SessionProvider>
        <AppLayout />
      </SessionProvider>
    </NuqsAdapter>
  );
}
