import { Chip, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES, type AppLanguage } from '../i18n';

/**
 * English or German; the choice is remembered on this device. Two radio chips: unlike a segmented
 * control, they need no measuring of the page when the first screen is drawn (docs/performance.md).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // What the server worded (candidate reasons, import errors) is fetched anew in the chosen language.
  const choose = (value: string) =>
    void changeLanguage(value as AppLanguage).then(() => queryClient.invalidateQueries());
  return (
    <Chip.Group value={currentLanguage()} onChange={choose}>
      <Group gap={4} wrap="nowrap" role="radiogroup" aria-label={t('language.label')} data-testid="language-switch">
        {LANGUAGES.map((language) => (
          <Chip key={language} value={language} size="xs" radius="sm">
            {language.toUpperCase()}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
