import { useState } from 'react';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { PIN_LENGTH } from '@graftmatch/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmPin, pinMailState, resendPin } from './api';
import { AuthForm } from './AuthForm';
import { clearTwoFactor, loadTwoFactor, saveTwoFactor, takeReturnTo } from './storage';
import { meKey } from './useMe';
import { useFormMutation } from '../../lib/useFormMutation';
import { notify } from '../../components/notify';

const PIN_MAIL_POLL_MS = 3000;

/** Step two of the login: the PIN from the mail. The route guard ensures step one happened. */
export function TwoFactorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [schema, setSchema] = useState(loadTwoFactor);
  const [pin, setPin] = useState('');
  const confirm = useFormMutation({
    mutationFn: () => (schema ? confirmPin(schema, pin) : Promise.reject(new Error('no two-factor schema'))),
    onSuccess: () => {
      clearTwoFactor();
      // Whoever was signed in before in this tab is not this user.
      queryClient.removeQueries({ queryKey: meKey });
      void navigate(takeReturnTo(), { replace: true });
    },
  });
  const resend = useMutation({
    mutationFn: () => (schema ? resendPin(schema) : Promise.reject(new Error('no two-factor schema'))),
    meta: { silent: true },
    onSuccess: (next) => {
      saveTwoFactor(next);
      setSchema(next);
      setPin('');
      notify('info', t('pin.resent', { target: next.twoFactorTarget }));
    },
  });
  // Until the mail server has taken the PIN mail, ask every few seconds (the auth routes allow 60 calls a minute).
  const mailState = useQuery({
    queryKey: ['pin-mail', schema?.twoFactorId],
    queryFn: () => (schema ? pinMailState(schema) : Promise.reject(new Error('no two-factor schema'))),
    // Not once the PIN is on its way: the login it completes ends the attempt.
    enabled: schema !== null && !confirm.isPending && !confirm.isSuccess,
    refetchInterval: (query) => (query.state.data === 'sent' ? false : PIN_MAIL_POLL_MS),
    retry: false,
    meta: { silent: true },
  });
  const restart = () => {
    clearTwoFactor();
    void navigate('/login', { replace: true });
  };
  return (
    <AuthForm
      title={{ id: 'pin-title', text: t('pin.title') }}
      intro={t('pin.sent', { target: schema?.twoFactorTarget ?? '' })}
      onSubmit={() => confirm.mutate()}
      error={confirm.error ?? resend.error}
      submit={{
        label: t('pin.submit'),
        testId: 'pin-submit',
        pending: confirm.isPending,
        disabled: pin.length !== PIN_LENGTH,
      }}
      after={
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => resend.mutate()}
            loading={resend.isPending}
            data-testid="pin-resend"
          >
            {t('pin.resend')}
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={restart}>
            {t('pin.restart')}
          </Button>
        </Group>
      }
    >
      {mailState.data === 'failed' && (
        <Alert color="yellow" mb="sm" role="status" data-testid="pin-mail-failed">
          {t('pin.mailFailed')}
        </Alert>
      )}
      <TextInput
        label={t('pin.label')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={PIN_LENGTH}
        required
        autoFocus
        value={pin}
        onChange={(event) => {
          setPin(event.currentTarget.value.replace(/\D/g, ''));
          confirm.edited('password');
        }}
        data-testid="pin-input"
      />
    </AuthForm>
  );
}
