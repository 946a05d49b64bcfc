import { useState } from 'react';
import { Paper, PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { webPaths } from '@graftmatch/domain';
import { useFormMutation } from '../../lib/useFormMutation';
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
    labels: { oldPassword: t('password.old'), newPassword: t('password.new') },
    mutationFn: () => changePassword({ oldPassword, newPassword: password }),
    onSuccess: () => {
      notify('success', t('password.changed'));
      void navigate(webPaths.home);
    },
  });
  const { password, problem, fields } = useNewPassword(
    () => mutation.edited('newPassword'),
    mutation.fieldError('newPassword'),
  );
  return (
    <>
      <PageTitle title={t('password.title')} />
      <Paper withBorder p="lg" maw={480}>
        <AuthForm
          onSubmit={() => mutation.mutate()}
          error={mutation.error}
          formError={mutation.formError}
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
            error={mutation.fieldError('oldPassword')}
            data-testid="old-password"
          />
          {fields}
        </AuthForm>
      </Paper>
    </>
  );
}
