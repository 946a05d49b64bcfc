import { PasswordInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';

interface Props {
  password: string;
  repeated: string;
  onPassword: (value: string) => void;
  onRepeated: (value: string) => void;
  /** i18n key of the current problem, shown once the person has typed a repeat. */
  problem: string | null;
}

/** New password twice; shared by recovery and change-password. */
export function NewPasswordFields({ password, repeated, onPassword, onRepeated, problem }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('password.new')}
        description={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => onPassword(event.currentTarget.value)}
        data-testid="new-password"
      />
      <PasswordInput
        label={t('password.repeat')}
        autoComplete="new-password"
        required
        value={repeated}
        onChange={(event) => onRepeated(event.currentTarget.value)}
        error={repeated && problem ? t(problem, { min: PASSWORD_MIN_LENGTH }) : undefined}
        data-testid="repeat-password"
      />
    </>
  );
}
