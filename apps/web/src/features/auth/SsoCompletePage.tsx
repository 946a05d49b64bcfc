import { useEffect } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, NETWORK_ERROR_STATUS } from '../../api/errors';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/errorMessage';
import { completeSso } from './ssoLogin';
import { takeReturnTo } from './storage';
import { meKey } from './useMe';

/**
 * `/login/sso?handover=…`, where the server sends the browser back from the organisation's
 * provider (docs/api.md "Single sign-on"): the one-time hand-over becomes the session, then the app
 * opens as after any login. A refused hand-over says so and leads back to the login.
 */
export function SsoCompletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const handover = searchParams.get('handover');
  const completion = useQuery({
    queryKey: ['sso-complete', handover],
    queryFn: () => completeSso(handover!).then(() => true),
    enabled: handover !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { silent: true },
  });
  const done = completion.isSuccess;
  useEffect(() => {
    if (done) {
      // Whoever was signed in before in this tab is not this user.
      queryClient.removeQueries({ queryKey: meKey });
      void navigate(takeReturnTo(), { replace: true });
    }
  }, [done, navigate, queryClient]);
  if (handover !== null && !completion.isError) {
    return (
      <Stack align="center" py="lg" gap="sm">
        <Spinner label={t('sso.completing')} />
        <Text size="sm" data-testid="sso-completing">
          {t('sso.completing')}
        </Text>
      </Stack>
    );
  }
  const error = completion.error;
  // Without an answer at all the hand-over may still be good; any refusal means it is spent or void.
  const unreachable = error instanceof ApiError && error.status === NETWORK_ERROR_STATUS;
  return (
    <Stack>
      <Title order={1} size="h3">
        {t('sso.failedTitle')}
      </Title>
      <Alert color="red" variant="light" role="alert" data-testid="sso-complete-failed">
        {unreachable ? errorMessage(error) : t('sso.handoverRefused')}
        {!unreachable && error instanceof ApiError && error.detail && (
          <Text size="xs" c="dimmed" mt={4}>
            {error.detail}
          </Text>
        )}
      </Alert>
      {unreachable && (
        <Button
          variant="default"
          onClick={() => void completion.refetch()}
          loading={completion.isFetching}
          data-testid="sso-complete-retry"
        >
          {t('common.retry')}
        </Button>
      )}
      <Button component={Link} to="/login" replace data-testid="sso-back-to-login">
        {t('sso.backToLogin')}
      </Button>
    </Stack>
  );
}
