import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { onSessionEnded } from '../api/client';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RecoverPage } from '../features/auth/RecoverPage';
import { rememberReturnTo } from '../features/auth/storage';
import { TwoFactorPage } from '../features/auth/TwoFactorPage';
import { meKey } from '../features/auth/useMe';
import { AssignedGraftsPage } from '../features/clinic/AssignedGraftsPage';
import { GraftDetailsPage } from '../features/clinic/GraftDetailsPage';
import { SearchPage } from '../features/clinic/SearchPage';
import { WaitingListPage } from '../features/clinic/WaitingListPage';
import { AreaPlaceholder } from '../features/home/AreaPlaceholder';
import { HomePage } from '../features/home/HomePage';
import { NotFoundPage } from '../features/home/NotFoundPage';
import { AppLayout } from './AppLayout';
import { RequireArea, RequireTwoFactor, RequireUser } from './guards';
import { PublicLayout } from './PublicLayout';

/** Spec §2's routes, plus the recovery link `/recover/{token}` and `/forgot-password`. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/login-tfa', element: <RequireTwoFactor />, children: [{ index: true, element: <TwoFactorPage /> }] },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/recover/:token', element: <RecoverPage /> },
    ],
  },
  {
    path: '/',
    element: <RequireUser />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          { path: 'home', element: <HomePage /> },
          { path: 'home/password', element: <ChangePasswordPage /> },
          {
            path: 'home/clinic',
            element: <RequireArea area="clinic" />,
            children: [
              { index: true, element: <Navigate to="search" replace /> },
              { path: 'search', element: <SearchPage /> },
              { path: 'search/:type', element: <SearchPage /> },
              { path: 'waitinglist', element: <WaitingListPage /> },
              { path: 'current', element: <AssignedGraftsPage list="current" key="current" /> },
              { path: 'archive', element: <AssignedGraftsPage list="archive" key="archive" /> },
              { path: 'graft/:lot', element: <GraftDetailsPage /> },
            ],
          },
          { path: 'home/eute/*', element: <RequireArea area="eute" />, children: [{ path: '*', element: <AreaPlaceholder area="eute" /> }] },
          { path: 'home/admin/*', element: <RequireArea area="admin" />, children: [{ path: '*', element: <AreaPlaceholder area="admin" /> }] },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

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
