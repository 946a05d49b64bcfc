import { useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Container } from '@mantine/core';
import { SessionEndedError } from '../api/client';
import { mayHaveSession } from '../api/session';
import { ErrorAlert } from '../components/ErrorAlert';
import { NoAccess } from '../components/NoAccess';
import { PageLoader } from '../components/PageLoader';
import { loadTwoFactor, rememberReturnTo } from '../features/auth/storage';
import { areasOf, useMe, type Area } from '../features/auth/useMe';
import { adoptAccountLanguage } from '../i18n';

function RedirectToLogin({ from }: { from: string }) {
  // Kept across the two login steps so a deep link (mail, bookmark) opens after the PIN.
  rememberReturnTo(from);
  return <Navigate to="/login" replace />;
}

/**
 * Protected routes wait for the user load and pass only if it succeeded (spec §2). Without any
 * sign of a session the user goes to login at once, with the deep link remembered.
 */
export function RequireUser() {
  const location = useLocation();
  const hasSession = mayHaveSession();
  const me = useMe(hasSession);
  // The signed-in screens mount in a background render that yields to the browser, rather than
  // in one block when the user arrives: the loader stays until they are ready.
  const user = useDeferredValue(me.data);
  const from = location.pathname + location.search + location.hash;
  const accountLanguage = me.data?.language;
  useEffect(() => {
    if (accountLanguage) {
      void adoptAccountLanguage(accountLanguage);
    }
  }, [accountLanguage]);
  if (!hasSession || me.error instanceof SessionEndedError) {
    return <RedirectToLogin from={from} />;
  }
  if (me.isPending || (me.isSuccess && !user)) {
    return <PageLoader />;
  }
  // A user already loaded stays: a failed re-fetch (the network gone) does not take the app away.
  if (me.isError && !me.data) {
    return (
      <Container size="sm" py="xl">
        <ErrorAlert error={me.error} onRetry={() => void me.refetch()} />
      </Container>
    );
  }
  return <Outlet />;
}

/** The PIN step needs the first step's answer; without it the user starts again at root. */
export function RequireTwoFactor() {
  return loadTwoFactor() ? <Outlet /> : <Navigate to="/" replace />;
}

/** An area the user has no role for says so (no redirect, so no loop and no confusion). */
export function RequireArea({ area }: { area: Area }) {
  const me = useMe();
  return me.data && areasOf(me.data)[area] ? <Outlet /> : <NoAccess />;
}
