import { SessionProvider } from '../lib/session/session-provider';
import { WallPage } from '../features/wall/wall-page';

/** /wall: the wall page with the session it falls back on when the screen has no display token (decision 050). */
export function WallRoute() {
  return (
    <SessionProvider>
      <WallPage />
    </SessionProvider>
  );
}
