import { useState } from 'react';
import { PasswordInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { newPasswordProblem } from './passwordRules';

/**
 * A new password typed twice, for recovery and change-password: the typed password, its
 * problem (an i18n key, or null when it may be sent) and the two fields; `serverError` is the
 * server's refusal of the new password, shown at its field.
 */
export function useNewPassword(onEdit?: () => void, serverError?: string) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const problem = newPasswordProblem(password, repeated);
  const fields = (
    <>
      <PasswordInput
        label={t('password.new')}
        description={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => {
          setPassword(event.currentTarget.value);
          onEdit?.();
        }}
        error={serverError}
        data-testid="new-password"
      />
      <PasswordInput
        label={t('password.repeat')}
        autoComplete="new-password"
        required
        value={repeated}
        onChange={(event) => {
          setRepeated(event.currentTarget.value);
          onEdit?.();
        }}
        // The problem shows once the person has typed a repeat.
        error={repeated && problem ? t(problem, { min: PASSWORD_MIN_LENGTH }) : undefined}
        data-testid="repeat-password"
      />
    </>
  );
  return { password, problem, fields };
}
