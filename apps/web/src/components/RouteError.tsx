import { Button, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorAlert } from './ErrorAlert';

/** What a page shows if it fails to render (or its code fails to load after a release), instead of a blank screen. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <ErrorAlert error={error} />
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('errors.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
