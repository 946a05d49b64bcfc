import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { SsoOrganisationType } from '@graftmatch/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormModal } from '../../components/FormModal';
import { PageLoader } from '../../components/PageLoader';

/** The clinic or bank whose details a part shows, and whether the viewer may change them. */
export interface OrganisationInPart {
  kind: SsoOrganisationType;
  organisationId: string;
  name: string;
  canWrite: boolean;
}

/**
 * One part of a clinic's or bank's details (its single sign-on, its systems): a heading, what the part
 * says while it loads or when loading failed, its text when there is nothing yet, and the dialog of its form.
 */
export function OrganisationPart(props: {
  title: string;
  testId: string;
  intro?: ReactNode;
  query: UseQueryResult<unknown>;
  empty: { shown: boolean; text: string; testId: string };
  form: { title: string; opened: boolean; close: () => void; body: ReactNode };
  children: ReactNode;
}) {
  const { query, empty, form } = props;
  return (
    <Stack gap="xs" data-testid={props.testId}>
      <Title order={3} size="h6">
        {props.title}
      </Title>
      {props.intro}
      {query.isPending && <PageLoader />}
      {query.isError && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {empty.shown && (
        <Text size="sm" c="dimmed" data-testid={empty.testId}>
          {empty.text}
        </Text>
      )}
      {props.children}
      <FormModal opened={form.opened} onClose={form.close} title={form.title}>
        {form.body}
      </FormModal>
    </Stack>
  );
}
