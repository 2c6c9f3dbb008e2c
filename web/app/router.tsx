// Routes of docs/product.md §2. Every page is a lazy route so a page's code loads only when it is visited, keeping the first
// paint of /dashboard small; the shell (layout, session, guards) is in the entry chunk.
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { MANAGER_ROLES } from '../../common/domain/options';
import { PageLoader } from '../components/page-loader';
import { RequireAccess } from './require-access';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('../features/public/landing-page')).LandingPage }),
  },
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
  },
  {
    path: 'login/sso',
    lazy: async () => ({ Component: (await import('../features/auth/sso-complete-page')).SsoCompletePage }),
  },
  {
    path: 'signup',
    lazy: async () => ({ Component: (await import('../features/auth/signup-page')).SignupPage }),
  },
  {
    path: 'verify',
    lazy: async () => ({ Component: (await import('../features/auth/verify-page')).VerifyPage }),
  },
  {
    path: 'password-reset',
    lazy: async () => ({
      Component: (await import('../features/auth/password-reset-page')).PasswordResetPage,
    }),
  },
  {
    path: 'accept-invitation',
    lazy: async () => ({
      Component: (await import('../features/team/accept-invitation-page')).AcceptInvitationPage,
    }),
  },
  {
    path: 'terms',
    lazy: async () => ({ Component: (await import('../features/public/terms-page')).TermsPage }),
  },
  {
    path: 'privacy',
    lazy: async () => ({ Component: (await import('../features/public/privacy-page')).PrivacyPage }),
  },
  {
    // A reminder e-mail's one-click link: works signed out (the link is the credential).
    path: 'actions/done',
    lazy: async () => ({ Component: (await import('../features/oops/action-link-page')).ActionLinkPage }),
  },
  {
    // A digest or reminder e-mail's one-click unsubscribe: works signed out (the signed link is the credential).
    path: 'unsubscribe',
    lazy: async () => ({ Component: (await import('../features/digest/unsubscribe-page')).UnsubscribePage }),
  },
  {
    path: 'unauthorized',
    lazy: async () => ({
      Component: (await import('../features/public/unauthorized-page')).UnauthorizedPage,
    }),
  },
  // docs/product.md §2: /new-oops is used as a hard redirect target for /oops/new.
  { path: 'new-oops', element: <Navigate to="/oops/new" replace /> },
];

const signedInRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-page')).DashboardPage }),
  },
  {
    path: 'oops',
    lazy: async () => ({ Component: (await import('../features/oops/oops-list-page')).OopsListPage }),
  },
  {
    path: 'oops/new',
    lazy: async () => ({ Component: (await import('../features/oops/new-oops-page')).NewOopsPage }),
  },
  {
    path: 'oops/:idSlug',
    lazy: async () => ({ Component: (await import('../features/oops/oops-detail-page')).OopsDetailPage }),
  },
  {
    path: 'actions',
    lazy: async () => ({ Component: (await import('../features/oops/my-actions-page')).MyActionsPage }),
  },
  {
    path: 'lessons',
    lazy: async () => ({ Component: (await import('../features/lessons/lessons-page')).LessonsPage }),
  },
  {
    path: 'profile',
    lazy: async () => ({ Component: (await import('./profile-route')).ProfileRoute }),
  },
  {
    path: 'executive-report',
    lazy: async () => ({
      Component: (await import('../features/report/executive-report-page')).ExecutiveReportPage,
    }),
  },
];

const teamRoutes: RouteObject[] = [
  {
    path: 'oops/import',
    lazy: async () => ({ Component: (await import('../features/import/import-page')).ImportPage }),
  },
  {
    path: 'team',
    lazy: async () => ({ Component: (await import('./team-management-page')).TeamManagementPage }),
  },
];

const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: async () => ({
      Component: (await import('../features/admin/admin-dashboard-page')).AdminDashboardPage,
    }),
  },
  {
    path: 'admin/users',
    lazy: async () => ({ Component: (await import('../features/admin/admin-users-page')).AdminUsersPage }),
  },
  {
    path: 'admin/teams',
    lazy: async () => ({ Component: (await import('../features/admin/admin-teams-page')).AdminTeamsPage }),
  },
  {
    path: 'admin/audit',
    lazy: async () => ({ Component: (await import('../features/admin/admin-audit-page')).AdminAuditPage }),
  },
];

export const routes: RouteObject[] = [
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
