import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES, type AppLanguage } from '../i18n';

/**
 * English or German; the choice is remembered on this device. Two radio chips: unlike a segmented
 * control, they need no measuring of the page when the first screen is drawn (docs/performance.md).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Chip.Group value={currentLanguage()} onChange={(value) => void changeLanguage(value as AppLanguage)}>
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
