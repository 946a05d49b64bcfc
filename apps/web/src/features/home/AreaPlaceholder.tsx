import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

/** Stands in for the tissue-bank and admin areas until their own issues build them. */
export function AreaPlaceholder({ area }: { area: 'eute' | 'admin' }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t(`home.${area}`)} />
      <Alert color="cyan" variant="light" data-testid={`placeholder-${area}`}>
        {t('home.comingSoon')}
      </Alert>
    </>
  );
}
