import { useState, type FormEvent } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { recoverPassword } from './api';
import { FormError } from './FormError';
import { NewPasswordFields } from './NewPasswordFields';
import { newPasswordProblem } from './passwordRules';
import { notify } from '../../components/notify';

/** Sets a new password with the token of the mailed link `/recover/{token}`, then goes to root. */
export function RecoverPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const problem = newPasswordProblem(password, repeated);
  const mutation = useMutation({
    mutationFn: () => recoverPassword(token, { password }),
    meta: { silent: true },
    onSuccess: () => {
      notify('success', t('recover.done'));
      void navigate('/', { replace: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="recover-title">
      <Stack>
        <Title order={1} size="h3" id="recover-title">
          {t('recover.title')}
        </Title>
        <Text size="sm">{t('recover.intro')}</Text>
        <NewPasswordFields
          password={password}
          repeated={repeated}
          onPassword={setPassword}
          onRepeated={setRepeated}
          problem={problem}
        />
        <FormError error={mutation.error} />
        <Button type="submit" loading={mutation.isPending} disabled={problem !== null} data-testid="recover-submit">
          {t('recover.submit')}
        </Button>
      </Stack>
    </form>
  );
}
