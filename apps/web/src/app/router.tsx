import type { QueryClient } from '@tanstack/react-query';
import { webPaths, type User } from '@graftmatch/domain';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { onSessionEnded } from '../api/client';
import { loadSignedInTexts } from '../i18n';
import { mayHaveSession } from '../api/session';
import { LoginPage } from '../features/auth/LoginPage';
import { rememberReturnTo } from '../features/auth/storage';
import { TwoFactorPage } from '../features/auth/TwoFactorPage';
import { mySettingsQuery } from '../features/auth/settings';
import { prefetchHomesOf, prefetchRememberedHomes } from '../features/home/queries';
import { meKey, meQuery } from '../features/auth/useMe';
import { PageLoader } from '../components/PageLoader';
import { RouteError } from '../components/RouteError';
import { RequireArea, RequireTwoFactor, RequireUser } from './guards';
import { PublicLayout } from './PublicLayout';
import type * as SignedIn from './signedIn';

// The login pages come with the first load; everything behind login (and the push client) is
// fetched when first needed, so a phone on a ward network shows the login screen sooner.
type SignedInPage = Exclude<keyof typeof SignedIn, 'AssignedGraftsPage'>;
// Every page of the signed-in area comes with the signed-in texts (i18n/index.ts).
const signedIn = (page: SignedInPage) => async () => {
  const [pages] = await Promise.all([import('./signedIn'), loadSignedInTexts()]);
  return { Component: pages[page] };
};
const forgotPassword = async () => ({
  Component: (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage,
});
const recover = async () => ({ Component: (await import('../features/auth/RecoverPage')).RecoverPage });
const ssoComplete = async () => ({ Component: (await import('../features/auth/SsoCompletePage')).SsoCompletePage });
const assigned = (list: 'current' | 'archive') => async () => {
  const { AssignedGraftsPage } = await import('./signedIn');
  return { element: <AssignedGraftsPage list={list} key={list} /> };
};
// Comparing grafts is a rare step after a search: its page (and its photo code) comes when first opened.
const compare = async () => ({ Component: (await import('../features/clinic/ComparePage')).ComparePage });
// The quality view is read now and then, by banks, admins and auditors: a chunk of its own.
const quality = async () => {
  const [page] = await Promise.all([import('../features/outcomes/OutcomesPage'), loadSignedInTexts()]);
  return { Component: page.OutcomesPage };
};
const imports = (page: 'ImportPage' | 'ImportLogsPage' | 'ImportLogPage') => async () => ({
  Component: (await import('../features/imports/pages'))[page],
});
const admin = (page: 'UsersPage' | 'ClinicsPage' | 'EutesPage' | 'AuditLogPage' | 'MailsPage') => async () => ({
  Component: (await import('../features/admin/pages'))[page],
});

/** Spec §2's routes, plus the recovery link `/recover/{token}`, `/forgot-password` and the sign-on's return `/login/sso`. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        path: '/login/login-tfa',
        element: <RequireTwoFactor />,
        children: [{ index: true, element: <TwoFactorPage /> }],
      },
      // Back from an organisation's sign-on (docs/api.md "Single sign-on"): the hand-over becomes the session.
      { path: '/login/sso', lazy: ssoComplete },
      { path: '/forgot-password', lazy: forgotPassword },
      { path: '/recover/:token', lazy: recover },
    ],
  },
  {
    path: '/',
    element: <RequireUser />,
    // Shown while a lazily loaded page of the first URL arrives.
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError />,
    children: [
      {
        lazy: signedIn('AppLayout'),
        children: [
          {
            // A failing page shows its error inside the layout, so the navigation stays usable.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Navigate to={webPaths.home} replace /> },
              { path: 'home', lazy: signedIn('HomePage') },
              { path: 'home/password', lazy: signedIn('ChangePasswordPage') },
              { path: 'home/settings', lazy: signedIn('AccountSettingsPage') },
              { path: 'home/notifications', lazy: signedIn('NotificationsPage') },
              { path: 'home/grafts/:lot/history', lazy: signedIn('GraftHistoryPage') },
              { path: 'home/vigilance', lazy: signedIn('VigilanceListPage') },
              { path: 'home/vigilance/:id', lazy: signedIn('VigilanceReportPage') },
              { path: 'home/quality', lazy: quality },
              {
                path: 'home/clinic',
                element: <RequireArea area="clinic" />,
                children: [
                  { index: true, element: <Navigate to="search" replace /> },
                  { path: 'search', lazy: signedIn('SearchPage') },
                  { path: 'search/:type', lazy: signedIn('SearchPage') },
                  { path: 'waitinglist', lazy: signedIn('WaitingListPage') },
                  { path: 'requests', lazy: signedIn('MyRequestsPage') },
                  { path: 'followups', lazy: signedIn('FollowUpsPage') },
                  { path: 'current', lazy: assigned('current') },
                  { path: 'archive', lazy: assigned('archive') },
                  { path: 'graft/:lot', lazy: signedIn('GraftDetailsPage') },
                  { path: 'compare', lazy: compare },
                ],
              },
              {
                path: 'home/eute',
                element: <RequireArea area="eute" />,
                children: [
                  { index: true, element: <Navigate to="waitinglist" replace /> },
                  { path: 'waitinglist', lazy: signedIn('DemandPage') },
                  { path: 'requests', lazy: signedIn('InboxPage') },
                  { path: 'current', lazy: signedIn('StockPage') },
                  { path: 'archive', lazy: signedIn('DonationsPage') },
                  { path: 'donation/:lot', lazy: signedIn('DonationDetailsPage') },
                  { path: '*', lazy: signedIn('NotFoundPage') },
                ],
              },
              {
                path: 'home/imports',
                children: [
                  { element: <RequireArea area="imports" />, children: [{ index: true, lazy: imports('ImportPage') }] },
                  {
                    path: 'logs',
                    element: <RequireArea area="importLogs" />,
                    children: [
                      { index: true, lazy: imports('ImportLogsPage') },
                      { path: ':id', lazy: imports('ImportLogPage') },
                    ],
                  },
                  { path: '*', lazy: signedIn('NotFoundPage') },
                ],
              },
              {
                path: 'home/admin',
                element: <RequireArea area="admin" />,
                children: [
                  { index: true, element: <Navigate to="users" replace /> },
                  { path: 'users', lazy: admin('UsersPage') },
                  { path: 'clinics', lazy: admin('ClinicsPage') },
                  { path: 'eutes', lazy: admin('EutesPage') },
                  { path: 'auditlog', lazy: admin('AuditLogPage') },
                  { path: 'mails', lazy: admin('MailsPage') },
                  { path: '*', lazy: signedIn('NotFoundPage') },
                ],
              },
              { path: '*', lazy: signedIn('NotFoundPage') },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * A returning user's session is restored while the first page's code loads, not after it; their
 * settings follow at once, so a page's hint (shown only once the settings say it was not
 * dismissed) does not wait for the page to render first, and so do the homes' data on `/home`.
 */
export function restoreSession(queryClient: QueryClient) {
  const signedInArea = routes[1];
  if (mayHaveSession() && matchRoutes(routes, window.location)?.[0]?.route === signedInArea) {
    // Beside the user rather than after it: each needs only the session (one round trip less).
    void queryClient.prefetchQuery(mySettingsQuery);
    const home = window.location.pathname === webPaths.home;
    if (home) {
      prefetchRememberedHomes(queryClient);
    }
    void queryClient.prefetchQuery(meQuery).then(() => {
      const user = queryClient.getQueryData<User>(meKey);
      if (user && home) {
        prefetchHomesOf(queryClient, user);
      }
    });
  }
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(routes);
  // A session that ends mid-use (refresh refused) leads to login, and back here after it.
  // Before a user was loaded, the RequireUser guard does this itself.
  onSessionEnded(() => {
    if (!queryClient.getQueryData(meKey)) {
      return;
    }
    const { pathname, search, hash } = router.state.location;
    rememberReturnTo(pathname + search + hash);
    void router.navigate('/login', { replace: true, state: { sessionEnded: true } }).then(() => queryClient.clear());
  });
  return router;
}
