import { Alert, Anchor } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { webPaths } from '@graftmatch/domain';
import { PageTitle } from './PageTitle';

/** Shown inside the layout when the user opens an area none of their roles covers. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('access.title')} />
      <Alert color="orange" icon={<IconLock aria-hidden />} data-testid="no-access" role="alert">
        {t('access.noAccess')}{' '}
        <Anchor component={Link} to={webPaths.home}>
          {t('access.backHome')}
        </Anchor>
      </Alert>
    </>
  );
}
