// Each page names itself in the tab title, so screen-reader users hear where a navigation landed.
import { useEffect } from 'react';

export const APP_NAME = 'OopsBoard';

const fullTitle = (title: string) => (title ? `${title} · ${APP_NAME}` : APP_NAME);

/**
 * Where the build-time renderer (web/prerender.tsx, decision 054) collects a drawn page's title: effects do not run
 * there, and the drawn page must carry its title until the app starts.
 */
let titleCollector: ((title: string) => void) | null = null;

export function collectPageTitle(collector: ((title: string) => void) | null): void {
  titleCollector = collector;
}

export function usePageTitle(title: string): void {
  titleCollector?.(fullTitle(title));
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
