// Each page names itself in the tab title, so screen-reader users hear where a navigation landed.
import { useEffect } from 'react';

export const APP_NAME = 'OopsBoard';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
