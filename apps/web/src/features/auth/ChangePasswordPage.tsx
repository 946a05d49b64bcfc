import { useState } from 'react';
import { Paper, PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormMutation } from '../../app/useFormMutation';
import { notify } from '../../components/notify';
import { PageTitle } from '../../components/PageTitle';
import { changePassword } from './api';
import { AuthForm } from './AuthForm';
import { useNewPassword } from './useNewPassword';

/** Change the password while signed in; afterwards the user lands on home (spec §4). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const mutation = useFormMutation({
    mutationFn: () => changePassword({ oldPassword, newPassword: password }),
    onSuccess: () => {
      notify('success', t('password.changed'));
      void navigate('/home');
    },
  });
  const { password, problem, fields } = useNewPassword(() => mutation.edited('newPassword'));
  return (
    <>
      <PageTitle title={t('password.title')} />
      <Paper withBorder p="lg" maw={480}>
        <AuthForm
          onSubmit={() => mutation.mutate()}
          error={mutation.error}
          submit={{
            label: t('password.submit'),
            testId: 'change-password-submit',
            pending: mutation.isPending,
            disabled: !oldPassword || problem !== null,
          }}
        >
          <PasswordInput
            label={t('password.old')}
            autoComplete="current-password"
            required
            value={oldPassword}
            onChange={(event) => {
              setOldPassword(event.currentTarget.value);
              mutation.edited('oldPassword');
            }}
            data-testid="old-password"
          />
          {fields}
        </AuthForm>
      </Paper>
    </>
  );
}
