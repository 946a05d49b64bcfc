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
  IconChartLine,
  IconClipboardHeart,
} from '@tabler/icons-react';
import { webPaths } from '@graftmatch/domain';
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
      <Item
        {...item}
        to={webPaths.home}
        label={t('nav.home')}
        icon={<IconHome size={18} aria-hidden />}
        testId="nav-home"
      />
      {areas?.clinic && (
        <>
          <Section title={t('nav.clinic')} />
          <Item
            {...item}
            to={webPaths.clinicSearch()}
            prefix
            label={t('nav.search')}
            icon={<IconSearch size={18} aria-hidden />}
            testId="nav-search"
          />
          <Item
            {...item}
            to={webPaths.clinicWaitingList}
            label={t('nav.waitingList')}
            icon={<IconClipboardList size={18} aria-hidden />}
            testId="nav-waitinglist"
          />
          <Item
            {...item}
            to={webPaths.clinicRequests}
            label={t('requests.navMine')}
            icon={<IconSend size={18} aria-hidden />}
            testId="nav-requests"
          />
          <Item
            {...item}
            to={webPaths.clinicFollowUps()}
            label={t('followups.nav')}
            icon={<IconClipboardHeart size={18} aria-hidden />}
            testId="nav-followups"
          />
          <Item
            {...item}
            to={webPaths.clinicCurrent}
            label={t('nav.current')}
            icon={<IconPackage size={18} aria-hidden />}
            testId="nav-current"
          />
          <Item
            {...item}
            to={webPaths.clinicArchive}
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
            to={webPaths.euteDemand}
            label={t('eute.nav.waitingList')}
            icon={<IconBuildingHospital size={18} aria-hidden />}
            testId="nav-eute-waitinglist"
          />
          <Item
            {...item}
            to={webPaths.euteRequests}
            label={t('requests.navInbox')}
            icon={<IconInbox size={18} aria-hidden />}
            testId="nav-eute-requests"
          />
          <Item
            {...item}
            to={webPaths.euteStock()}
            label={t('eute.nav.current')}
            icon={<IconPackage size={18} aria-hidden />}
            testId="nav-eute-current"
          />
          <Item
            {...item}
            to={webPaths.euteArchive}
            label={t('eute.nav.archive')}
            icon={<IconArchive size={18} aria-hidden />}
            testId="nav-eute-archive"
          />
        </>
      )}
      {(areas?.eute || areas?.admin) && (
        <Item
          {...item}
          to={webPaths.vigilance}
          prefix
          label={t('vigilance.nav')}
          icon={<IconAlertTriangle size={18} aria-hidden />}
          testId="nav-vigilance"
        />
      )}
      {(areas?.eute || areas?.admin) && (
        <Item
          {...item}
          to={webPaths.quality}
          label={t('outcomes.nav')}
          icon={<IconChartLine size={18} aria-hidden />}
          testId="nav-quality"
        />
      )}
      {areas?.importLogs && (
        <>
          <Section title={t('imports.nav.section')} />
          {areas.imports && (
            <Item
              {...item}
              to={webPaths.imports}
              label={t('imports.nav.import')}
              icon={<IconFileImport size={18} aria-hidden />}
              testId="nav-imports"
            />
          )}
          <Item
            {...item}
            to={webPaths.importLogs}
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
            to={webPaths.adminUsers()}
            label={t('admin.nav.users')}
            icon={<IconUsers size={18} aria-hidden />}
            testId="nav-admin-users"
          />
          <Item
            {...item}
            to={webPaths.adminClinics()}
            label={t('admin.nav.clinics')}
            icon={<IconStethoscope size={18} aria-hidden />}
            testId="nav-admin-clinics"
          />
          <Item
            {...item}
            to={webPaths.adminEutes()}
            label={t('admin.nav.eutes')}
            icon={<IconBuildingBank size={18} aria-hidden />}
            testId="nav-admin-eutes"
          />
          <Item
            {...item}
            to={webPaths.adminAuditLog}
            label={t('admin.nav.auditLog')}
            icon={<IconHistory size={18} aria-hidden />}
            testId="nav-admin-auditlog"
          />
          <Item
            {...item}
            to={webPaths.adminMails()}
            label={t('admin.nav.mails')}
            icon={<IconMail size={18} aria-hidden />}
            testId="nav-admin-mails"
          />
        </>
      )}
    </Stack>
  );
}
