import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconKey, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { fullName, webPaths } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../features/auth/useMe';
import { useLogout } from './useLogout';

export function UserMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t('nav.account')} data-testid="user-menu">
          <IconUserCircle aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {me.data && (
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)">
              {fullName(me.data)}
            </Text>
          </Menu.Label>
        )}
        <Menu.Item
          component={Link}
          to={webPaths.settings}
          leftSection={<IconSettings size={16} aria-hidden />}
          data-testid="settings-link"
        >
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Item component={Link} to={webPaths.password} leftSection={<IconKey size={16} aria-hidden />}>
          {t('nav.changePassword')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => logout.mutate()}
          data-testid="logout-button"
        >
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
