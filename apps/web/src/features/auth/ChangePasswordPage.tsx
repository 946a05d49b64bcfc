import { useState, type FormEvent } from 'react';
import { Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { changePassword } from './api';
import { FormError } from './FormError';
import { NewPasswordFields } from './NewPasswordFields';
import { newPasswordProblem } from './passwordRules';
import { notify } from '../../components/notify';

/** Change the password while signed in; afterwards the user lands on home (spec §4). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const problem = newPasswordProblem(password, repeated);
  const mutation = useMutation({
    mutationFn: () => changePassword({ oldPassword, newPassword: password }),
    meta: { silent: true },
    onSuccess: () => {
      notify('success', t('password.changed'));
      void navigate('/home');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <>
      <PageTitle title={t('password.title')} />
      <Paper withBorder p="lg" maw={480}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordInput
              label={t('password.old')}
              autoComplete="current-password"
              required
              value={oldPassword}
              onChange={(event) => setOldPassword(event.currentTarget.value)}
              data-testid="old-password"
            />
            <NewPasswordFields
              password={password}
              repeated={repeated}
              onPassword={setPassword}
              onRepeated={setRepeated}
              problem={problem}
            />
            <FormError error={mutation.error} />
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={!oldPassword || problem !== null}
              data-testid="change-password-submit"
            >
              {t('password.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
