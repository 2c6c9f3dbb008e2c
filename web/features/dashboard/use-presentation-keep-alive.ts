// While presenting, the session is refreshed every 7200 s (docs/product.md §4, §7, §9) so a wall display stays signed in.
import { useEffect } from 'react';
import { TIMINGS } from '../../../common/domain/options';
import { postRefreshPresentation } from './api/refresh-presentation';

export function usePresentationKeepAlive(presenting: boolean): void {
  useEffect(() => {
    if (!presenting) return;
    const id = setInterval(() => {
      postRefreshPresentation().catch((error: unknown) => {
        // The widgets' own calls show what is wrong; the next tick tries again.
        console.warn('Presentation session refresh failed.', error);
      });
    }, TIMINGS.presentationRefreshMs);
    return () => clearInterval(id);
  }, [presenting]);
}
