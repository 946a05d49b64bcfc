import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES, type AppLanguage } from '../i18n';

/** English or German; the choice is remembered on this device. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      data-testid="language-switch"
      value={currentLanguage()}
      key={i18n.language}
      onChange={(value) => void changeLanguage(value as AppLanguage)}
      data={LANGUAGES.map((language) => ({ value: language, label: language.toUpperCase() }))}
    />
  );
}
