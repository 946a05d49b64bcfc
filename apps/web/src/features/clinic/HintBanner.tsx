import { useTranslation } from 'react-i18next';
import { DismissibleHint } from '../../components/DismissibleHint';
import { useHint } from '../auth';

/** How the clinic area works; once dismissed it stays away for this user, on every device. */
export function HintBanner() {
  const { t } = useTranslation();
  const hint = useHint('clinicHowItWorks');
  return (
    <DismissibleHint
      visible={hint.visible}
      onDismiss={hint.dismiss}
      title={t('hint.title')}
      text={t('hint.text')}
      dismissLabel={t('hint.dismiss')}
      testId="hint-banner"
    />
  );
}
