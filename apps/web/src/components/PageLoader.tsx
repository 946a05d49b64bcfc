import { Center } from '@mantine/core';
import { Spinner } from './Spinner';
import { useTranslation } from 'react-i18next';

/** Placeholder while a page's data is on its way; the global indicator carries the text. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Spinner label={t('common.loading')} />
    </Center>
  );
}
