import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../app/theme';
import { ALL_TEXTS, changeLanguage, i18n, LANGUAGES, loadLanguage } from '../i18n';

// Both languages, every text, are here before any render, so switching in a test is immediate.
await Promise.all(LANGUAGES.map((language) => loadLanguage(language, ALL_TEXTS)));

// Vitest runs without globals, so Testing Library cannot unmount on its own between tests.
afterEach(() => cleanup());

/** Renders routes in memory with the app's providers; tests read the router's location. */
export function renderRoutes(routes: RouteObject[], initialPath: string, queryClient = testQueryClient()) {
  void changeLanguage('en');
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...result, router, queryClient };
}

export function renderUi(ui: ReactElement) {
  return renderRoutes([{ path: '*', element: ui }], '/');
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}
