import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from '../i18n';
import { AppNotifications } from './AppNotifications';
import { GlobalLoader } from './GlobalLoader';
import type { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

interface Props {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** All providers: theme, notifications, server state, translations, routes (dialogs: AppLayout). */
export function App({ queryClient, router }: Props) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <AppNotifications />
          <GlobalLoader />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
