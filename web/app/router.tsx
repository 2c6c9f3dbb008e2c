// Routes of docs/product.md §2. Every page is a lazy route so a page's code loads only when it is visited, keeping the first
// paint of /dashboard small; the shell (layout, session, guards) is in the entry chunk.
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PAGE_PATHS } from '../../common/domain/app-pages';
import { MANAGER_ROLES } from '../../common/domain/options';
import { PageLoader } from '../components/page-loader';
import { RequireAccess } from './require-access';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { settingsRoutes, teamRedirect } from './settings-routes';

const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('../features/public/landing-page')).LandingPage }),
  },
  {
    path: PAGE_PATHS.login,
    lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
  },
  {
    path: PAGE_PATHS.loginSso,
    lazy: async () => ({ Component: (await import('../features/auth/sso-complete-page')).SsoCompletePage }),
  },
  {
    path: PAGE_PATHS.signup,
    lazy: async () => ({ Component: (await import('../features/auth/signup-page')).SignupPage }),
  },
  {
    path: PAGE_PATHS.verify,
    lazy: async () => ({ Component: (await import('../features/auth/verify-page')).VerifyPage }),
  },
  {
    path: PAGE_PATHS.passwordReset,
    lazy: async () => ({
      Component: (await import('../features/auth/password-reset-page')).PasswordResetPage,
    }),
  },
  {
    path: PAGE_PATHS.acceptInvitation,
    lazy: async () => ({
      Component: (await import('../features/team/accept-invitation-page')).AcceptInvitationPage,
    }),
  },
  {
    path: PAGE_PATHS.terms,
    lazy: async () => ({ Component: (await import('../features/public/terms-page')).TermsPage }),
  },
  {
    path: PAGE_PATHS.privacy,
    lazy: async () => ({ Component: (await import('../features/public/privacy-page')).PrivacyPage }),
  },
  {
    // A reminder e-mail's one-click link: works signed out (the link is the credential).
    path: PAGE_PATHS.actionDone,
    lazy: async () => ({ Component: (await import('../features/actions/action-link-page')).ActionLinkPage }),
  },
  {
    // A digest or reminder e-mail's one-click unsubscribe: works signed out (the signed link is the credential).
    path: PAGE_PATHS.unsubscribe,
    lazy: async () => ({ Component: (await import('../features/digest/unsubscribe-page')).UnsubscribePage }),
  },
  {
    path: PAGE_PATHS.unauthorized,
    lazy: async () => ({
      Component: (await import('../features/public/unauthorized-page')).UnauthorizedPage,
    }),
  },
  // docs/product.md §2: /new-oops is used as a hard redirect target for /oops/new.
  { path: PAGE_PATHS.newOops, element: <Navigate to="/oops/new" replace /> },
];

const signedInRoutes: RouteObject[] = [
  {
    path: PAGE_PATHS.dashboard,
    lazy: async () => {
      const page = await import('../features/dashboard/dashboard-page');
      return { Component: page.DashboardPage, handle: { readAhead: page.readDashboardAhead } };
    },
  },
  {
    path: PAGE_PATHS.oopsList,
    lazy: async () => ({ Component: (await import('./oops-log-route')).OopsLogRoute }),
  },
  {
    path: PAGE_PATHS.oopsNew,
    lazy: async () => ({ Component: (await import('../features/oops/new-oops-page')).NewOopsPage }),
  },
  {
    path: PAGE_PATHS.oopsDetail,
    lazy: async () => {
      const page = await import('../features/oops/oops-detail-page');
      return { Component: page.OopsDetailPage, handle: { readAhead: page.readIncidentAhead } };
    },
  },
  {
    path: PAGE_PATHS.actions,
    lazy: async () => ({ Component: (await import('../features/actions/my-actions-page')).MyActionsPage }),
  },
  {
    path: PAGE_PATHS.lessons,
    lazy: async () => ({ Component: (await import('../features/lessons/lessons-page')).LessonsPage }),
  },
  {
    path: PAGE_PATHS.profile,
    lazy: async () => ({ Component: (await import('./profile-route')).ProfileRoute }),
  },
  {
    path: PAGE_PATHS.executiveReport,
    lazy: async () => ({
      Component: (await import('../features/report/executive-report-page')).ExecutiveReportPage,
    }),
  },
  ...settingsRoutes,
];

const teamRoutes: RouteObject[] = [
  {
    path: PAGE_PATHS.triage,
    lazy: async () => ({ Component: (await import('../features/triage/triage-page')).TriagePage }),
  },
  {
    path: PAGE_PATHS.oopsImport,
    lazy: async () => ({ Component: (await import('../features/import/import-page')).ImportPage }),
  },
  // Owners and admins only, as before: a member is still sent to /unauthorized from /team.
  teamRedirect,
];

const adminRoutes: RouteObject[] = [
  {
    path: PAGE_PATHS.admin,
    lazy: async () => ({
      Component: (await import('../features/admin/admin-dashboard-page')).AdminDashboardPage,
    }),
  },
  {
    path: PAGE_PATHS.adminUsers,
    lazy: async () => ({ Component: (await import('../features/admin/admin-users-page')).AdminUsersPage }),
  },
  {
    path: PAGE_PATHS.adminTeams,
    lazy: async () => ({ Component: (await import('../features/admin/admin-teams-page')).AdminTeamsPage }),
  },
  {
    path: PAGE_PATHS.adminAudit,
    lazy: async () => ({ Component: (await import('../features/admin/admin-audit-page')).AdminAuditPage }),
  },
];

export const routes: RouteObject[] = [
  {
    // The office screen (decision 050): its own full-screen page, outside the app's chrome, with a display token
    // or the tab's session.
    path: `/${PAGE_PATHS.wall}`,
    HydrateFallback: () => <PageLoader />,
    errorElement: <RouteErrorPage />,
    lazy: async () => ({ Component: (await import('./wall-route')).WallRoute }),
  },
  {
    path: '/',
    element: <RootLayout />,
    HydrateFallback: () => <PageLoader />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors of a page render inside the layout, so the navigation bar stays usable.
        errorElement: <RouteErrorPage />,
        children: [
          ...publicRoutes,
          { element: <RequireAccess />, children: signedInRoutes },
          { element: <RequireAccess roles={MANAGER_ROLES} />, children: teamRoutes },
          { element: <RequireAccess superAdmin />, children: adminRoutes },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('../features/public/not-found-page')).NotFoundPage,
            }),
          },
        ],
      },
    ],
  },
];

/**
 * `drawn`: the page on screen was drawn at build time (decision 054). As after server rendering, the router then
 * leaves the scroll position alone on its first render: a visitor may have scrolled the drawn page before the app
 * started, and ScrollRestoration would otherwise move them back to the top.
 */
export function createAppRouter({ drawn = false }: { drawn?: boolean } = {}) {
  return createBrowserRouter(routes, drawn ? { hydrationData: {} } : undefined);
}
