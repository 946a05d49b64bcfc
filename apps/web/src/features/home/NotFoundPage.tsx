import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { webPaths } from '@graftmatch/domain';
import { PageTitle } from '../../components/PageTitle';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('notFound.title')} />
      <Text data-testid="not-found">
        {t('notFound.text')}{' '}
        <Anchor component={Link} to={webPaths.home}>
          {t('access.backHome')}
        </Anchor>
      </Text>
    </>
  );
}
