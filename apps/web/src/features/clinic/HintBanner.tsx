import { useTranslation } from 'react-i18next';
import { DismissibleHint } from '../../components/DismissibleHint';

const HINT_KEY = 'graftmatch.clinicHintDismissed';

/** How the clinic area works; once dismissed it stays away on this device. */
export function HintBanner() {
  const { t } = useTranslation();
  return (
    <DismissibleHint
      storageKey={HINT_KEY}
      title={t('hint.title')}
      text={t('hint.text')}
      dismissLabel={t('hint.dismiss')}
      testId="hint-banner"
    />
  );
}
