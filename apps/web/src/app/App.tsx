import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from '../i18n';
import { GlobalLoader } from './GlobalLoader';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

function LocalisedProviders() {
  const { t, i18n: instance } = useTranslation();
  return (
    <DatesProvider settings={{ locale: instance.language, firstDayOfWeek: 1 }}>
      <ModalsProvider
        labels={{ confirm: t('common.ok'), cancel: t('common.cancel') }}
        modalProps={{ closeButtonProps: { 'aria-label': t('common.close') } }}
      >
        <Notifications position="top-right" containerWidth={380} />
        <GlobalLoader />
        <RouterProvider router={router} />
      </ModalsProvider>
    </DatesProvider>
  );
}

/** All providers: theme, notifications, modals, server state, translations, routes. */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <LocalisedProviders />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
