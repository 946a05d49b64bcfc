import './signedInStyles';
import { useDeferredValue, useMemo } from 'react';
import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { webPaths } from '@graftmatch/domain';
import { useSmallScreen } from '../components/useScreen';
import { ScanButton } from '../features/scan/ScanButton';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Navigation } from './Navigation';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { OfflineNote } from './offline/OfflineNote';
import { useKeepOnDevice } from './offline/useKeepOnDevice';
import { PushIndicator } from './PushIndicator';
import { ReadOnlyBanner } from './ReadOnlyBanner';
import { UserMenu } from './UserMenu';
import { usePush } from './usePush';

const MAIN_ID = 'main-content';

/**
 * The first tab stop: hidden until focused, it moves focus past header and navigation to the page.
 * Focus is set by hand, so the address keeps no `#` that the router would have to ignore.
 */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      data-testid="skip-link"
    >
      {t('nav.skipToMain')}
    </a>
  );
}

/** The signed-in frame. Every dialog opened through `modals` is behind login, so the login screen loads none. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <ModalsProvider
      labels={{ confirm: t('common.ok'), cancel: t('common.cancel') }}
      modalProps={{ closeButtonProps: { 'aria-label': t('common.close') } }}
    >
      <SignedInShell />
    </ModalsProvider>
  );
}

/**
 * Small screens (<700 px) get a burger that opens the navigation over the page; medium ones a
 * narrow side bar; large ones (>=1000 px) a wider one (spec §2).
 */
function SignedInShell() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const small = useSmallScreen();
  const pushStatus = usePush();
  useKeepOnDevice();
  // The page depends on none of the frame's state (menu, screen size, push status): one element
  // for it lets React skip re-rendering the page when only the frame changes.
  const page = useMemo(() => <Outlet />, []);
  // The frame is drawn first and the page in a second render right after: on a slow phone two
  // shorter blocks of work instead of one long one (docs/performance.md, "Web delivery").
  const framed = useDeferredValue(true, false);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: { sm: 220, md: 270 }, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* On a phone the controls keep their room and the name gives way, so none leaves the screen. */}
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flexShrink: 1 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('nav.close') : t('nav.open')}
              aria-expanded={opened}
              data-testid="nav-burger"
            />
            <Anchor component={Link} to={webPaths.home} fw={700} size="lg" underline="never" truncate="end" miw={0}>
              GraftMatch
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <ScanButton />
            <PushIndicator status={pushStatus} />
            <NotificationBell />
            <LanguageSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      {/* A closed mobile menu is only moved off screen, so it is made inert to leave the tab order. */}
      {/* Scrolls on its own when a user of every area has more links than the screen is high. */}
      <AppShell.Navbar p="sm" aria-label={t('nav.label')} inert={small && !opened} style={{ overflowY: 'auto' }}>
        <Navigation onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1}>
        <ReadOnlyBanner />
        <OfflineNote />
        {framed && page}
      </AppShell.Main>
    </AppShell>
  );
}
