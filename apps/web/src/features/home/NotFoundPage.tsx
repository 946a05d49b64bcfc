import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('notFound.title')} />
      <Text data-testid="not-found">
        {t('notFound.text')}{' '}
        <Anchor component={Link} to="/home">
          {t('access.backHome')}
        </Anchor>
      </Text>
    </>
  );
}
