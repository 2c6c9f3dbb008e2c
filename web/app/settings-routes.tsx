// The settings area's routes (decision 043): one layout with a sub-navigation and a route per sub-page. The pages load
// lazily, in one chunk, when the area is first visited. The old addresses lead here too: /team to General, and
// /profile?tab=notifications or ?tab=tokens (web/app/profile-route.tsx) to Notifications and Integrations.
import { Navigate, type RouteObject } from 'react-router';
import { PAGE_PATHS } from '../../common/domain/app-pages';

const SUB_PAGES = [
  PAGE_PATHS.settingsGeneral,
  PAGE_PATHS.settingsMembers,
  PAGE_PATHS.settingsIncidentTypes,
  PAGE_PATHS.settingsCustomFields,
  PAGE_PATHS.settingsIntegrations,
  PAGE_PATHS.settingsNotifications,
];

/** For signed-in users: members read the team's settings, owners and admins change them (the panels enforce it). */
export const settingsRoutes: RouteObject[] = [
  { path: PAGE_PATHS.settings, element: <Navigate to={`/${PAGE_PATHS.settingsGeneral}`} replace /> },
  {
    lazy: async () => ({ Component: (await import('./settings-pages')).SettingsLayout }),
    children: SUB_PAGES.map((path) => ({
      path,
      lazy: async () => ({ Component: (await import('./settings-pages')).SETTINGS_PAGES[path] }),
    })),
  },
];

/** /team, the team management page of docs/product.md §2, is now the settings area's first sub-page. */
export const teamRedirect: RouteObject = {
  path: PAGE_PATHS.team,
  element: <Navigate to={`/${PAGE_PATHS.settingsGeneral}`} replace />,
};
