import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestRecovery } from './api';
import { FormError } from './FormError';

/** Asks for a recovery link. The answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const mutation = useMutation({ mutationFn: () => requestRecovery({ email: email.trim() }), meta: { silent: true } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <Stack>
        <Title order={1} size="h3" id="forgot-title">
          {t('forgot.title')}
        </Title>
        <Text size="sm">{t('forgot.intro')}</Text>
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          data-testid="forgot-email"
        />
        <FormError error={mutation.error} />
        {mutation.isSuccess && (
          <Alert color="cyan" variant="light" role="status" data-testid="forgot-sent">
            {t('forgot.sent')}
          </Alert>
        )}
        <Button type="submit" loading={mutation.isPending} disabled={!email.includes('@')} data-testid="forgot-submit">
          {t('forgot.submit')}
        </Button>
        <Anchor component={Link} to="/login" size="sm">
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
