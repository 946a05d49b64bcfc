import type { ReactNode } from 'react';
import { Card, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingHospital, IconSearch, IconSettings } from '@tabler/icons-react';
import { fullName, webPaths } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { areasOf, useMe } from '../auth';
import { AdminHome } from './AdminHome';
import { EuteHome } from './EuteHome';
import { PhysicianHome } from './PhysicianHome';

function AreaCard({
  to,
  title,
  description,
  icon,
  testId,
}: {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card component={Link} to={to} withBorder padding="lg" data-testid={testId}>
      <ThemeIcon size="xl" variant="light" mb="sm" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600} size="lg">
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Card>
  );
}

/**
 * Landing page after login: what needs this user now, per role (auditors see the admin's overview,
 * read-only), then the areas this user has.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  if (!user) {
    return null;
  }
  const areas = areasOf(user);
  const none = !areas.clinic && !areas.eute && !areas.admin;
  return (
    <>
      <PageTitle title={t('home.welcome', { name: fullName(user) })} />
      {none && <EmptyState title={t('home.noAreas')} description={t('home.noAreasHint')} />}
      <Stack gap="md" mb="md">
        {user.clinics.length > 0 && <PhysicianHome />}
        {user.eutes.length > 0 && <EuteHome />}
        {(user.admin || user.audit) && <AdminHome />}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="home-areas">
        {areas.clinic && (
          <AreaCard
            to={webPaths.clinicSearch()}
            title={t('home.clinic')}
            description={t('home.clinicText')}
            icon={<IconSearch />}
            testId="area-clinic"
          />
        )}
        {areas.eute && (
          <AreaCard
            to={webPaths.eute}
            title={t('home.eute')}
            description={t('home.euteText')}
            icon={<IconBuildingHospital />}
            testId="area-eute"
          />
        )}
        {areas.admin && (
          <AreaCard
            to={webPaths.admin}
            title={t('home.admin')}
            description={t('home.adminText')}
            icon={<IconSettings />}
            testId="area-admin"
          />
        )}
      </SimpleGrid>
    </>
  );
}
