import type { ReactNode } from 'react';
import { NavLink, Stack, Text } from '@mantine/core';
import {
  IconInbox,
  IconSend,
  IconArchive,
  IconBuildingHospital,
  IconClipboardList,
  IconFileImport,
  IconFileText,
  IconHome,
  IconPackage,
  IconSearch,
  IconBuildingBank,
  IconHistory,
  IconMail,
  IconStethoscope,
  IconUsers,
  IconAlertTriangle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { areasOf, useMe } from '../features/auth/useMe';

interface ItemProps {
  to: string;
  label: string;
  icon: ReactNode;
  testId: string;
  onNavigate: () => void;
  /** Also active on deeper paths (search/{type} under search). */
  prefix?: boolean;
}

function Item({ to, label, icon, testId, onNavigate, prefix = false }: ItemProps) {
  const { pathname } = useLocation();
  const active = prefix ? pathname.startsWith(to) : pathname === to;
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      data-testid={testId}
    />
  );
}

function Section({ title }: { title: string }) {
  return (
    <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="md" pb={4}>
      {title}
    </Text>
  );
}

/** Only the areas the user has roles for are offered (docs/decisions.md §5). */
export function Navigation({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const areas = me.data ? areasOf(me.data) : null;
  const item = { onNavigate };
  return (
    <Stack gap={2}>
      <Item {...item} to="/home" label={t('nav.home')} icon={<IconHome size={18} aria-hidden />} testId="nav-home" />
      {areas?.clinic && (
        <>
          <Section title={t('nav.clinic')} />
          <Item
            {...item}
            to="/home/clinic/search"
            prefix
            label={t('nav.search')}
            icon={<IconSearch size={18} aria-hidden />}
            testId="nav-search"
          />
          <Item
            {...item}
            to="/home/clinic/waitinglist"
            label={t('nav.waitingList')}
            icon={<IconClipboardList size={18} aria-hidden />}
            testId="nav-waitinglist"
          />
          <Item
            {...item}
            to="/home/clinic/requests"
            label={t('requests.navMine')}
            icon={<IconSend size={18} aria-hidden />}
            testId="nav-requests"
          />
          <Item
            {...item}
            to="/home/clinic/current"
            label={t('nav.current')}
            icon={<IconPackage size={18} aria-hidden />}
            testId="nav-current"
          />
          <Item
            {...item}
            to="/home/clinic/archive"
            label={t('nav.archive')}
            icon={<IconArchive size={18} aria-hidden />}
            testId="nav-archive"
          />
        </>
      )}
      {areas?.eute && (
        <>
          <Section title={t('nav.eute')} />
          <Item
            {...item}
            to="/home/eute/waitinglist"
            label={t('eute.nav.waitingList')}
            icon={<IconBuildingHospital size={18} aria-hidden />}
            testId="nav-eute-waitinglist"
          />
          <Item
            {...item}
            to="/home/eute/requests"
            label={t('requests.navInbox')}
            icon={<IconInbox size={18} aria-hidden />}
            testId="nav-eute-requests"
          />
          <Item
            {...item}
            to="/home/eute/current"
            label={t('eute.nav.current')}
            icon={<IconPackage size={18} aria-hidden />}
            testId="nav-eute-current"
          />
          <Item
            {...item}
            to="/home/eute/archive"
            label={t('eute.nav.archive')}
            icon={<IconArchive size={18} aria-hidden />}
            testId="nav-eute-archive"
          />
        </>
      )}
      {(areas?.eute || areas?.admin) && (
        <Item
          {...item}
          to="/home/vigilance"
          prefix
          label={t('vigilance.nav')}
          icon={<IconAlertTriangle size={18} aria-hidden />}
          testId="nav-vigilance"
        />
      )}
      {areas?.importLogs && (
        <>
          <Section title={t('imports.nav.section')} />
          {areas.imports && (
            <Item
              {...item}
              to="/home/imports"
              label={t('imports.nav.import')}
              icon={<IconFileImport size={18} aria-hidden />}
              testId="nav-imports"
            />
          )}
          <Item
            {...item}
            to="/home/imports/logs"
            prefix
            label={t('imports.nav.logs')}
            icon={<IconFileText size={18} aria-hidden />}
            testId="nav-import-logs"
          />
        </>
      )}
      {areas?.admin && (
        <>
          <Section title={t('nav.admin')} />
          <Item
            {...item}
            to="/home/admin/users"
            label={t('admin.nav.users')}
            icon={<IconUsers size={18} aria-hidden />}
            testId="nav-admin-users"
          />
          <Item
            {...item}
            to="/home/admin/clinics"
            label={t('admin.nav.clinics')}
            icon={<IconStethoscope size={18} aria-hidden />}
            testId="nav-admin-clinics"
          />
          <Item
            {...item}
            to="/home/admin/eutes"
            label={t('admin.nav.eutes')}
            icon={<IconBuildingBank size={18} aria-hidden />}
            testId="nav-admin-eutes"
          />
          <Item
            {...item}
            to="/home/admin/auditlog"
            label={t('admin.nav.auditLog')}
            icon={<IconHistory size={18} aria-hidden />}
            testId="nav-admin-auditlog"
          />
          <Item
            {...item}
            to="/home/admin/mails"
            label={t('admin.nav.mails')}
            icon={<IconMail size={18} aria-hidden />}
            testId="nav-admin-mails"
          />
        </>
      )}
    </Stack>
  );
}
