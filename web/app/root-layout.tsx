import { SessionProvider } from '../lib/session/session-provider';
import { AppLayout } from './layout/app-layout';

/** The root route: the session needs the router (sign-out navigates), the layout needs the session. */
export function RootLayout() {
  return (
    <SessionProvider>
      <AppLayout />
    </SessionProvider>
  );
}
