import type { ReactNode } from 'react';
import { Group, Table, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import type { ActiveFilter } from './api';
import { ActiveFilterControl } from './shared';
import classes from './admin.module.css';

/** The text filter and the all/active/inactive switch above every admin list. */
export function ListFilters(props: {
  text: string;
  onText: (text: string) => void;
  status: ActiveFilter;
  onStatus: (status: ActiveFilter) => void;
  testPrefix: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('admin.filter')}
        placeholder={props.placeholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={props.text}
        onChange={(e) => props.onText(e.currentTarget.value)}
        type="search"
        w={{ base: '100%', sm: 320 }}
        data-testid={`${props.testPrefix}-filter`}
      />
      <ActiveFilterControl
        value={props.status}
        onChange={props.onStatus}
        testId={`${props.testPrefix}-status-filter`}
      />
    </Group>
  );
}

/** Loading, failure, and "nothing to show" of an admin list. */
export function ListStatus(props: {
  list: UseQueryResult<unknown>;
  shown: number;
  empty: string;
  emptyHint: string;
  emptyTestId: string;
}) {
  const { list } = props;
  return (
    <>
      {list.isPending && <PageLoader />}
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.data !== undefined && props.shown === 0 && (
        <EmptyState title={props.empty} description={props.emptyHint} testId={props.emptyTestId} />
      )}
    </>
  );
}

/**
 * A table row that selects its item on click; its first cell is a button, so the keyboard
 * selects too and screen readers hear which row is the current one.
 */
export function SelectableRow(props: {
  selected: boolean;
  onSelect: () => void;
  label: string;
  testId: string;
  dataAttributes: Record<`data-${string}`, string>;
  first: ReactNode;
  children: ReactNode;
}) {
  return (
    <Table.Tr
      className={classes.row}
      data-selected={props.selected || undefined}
      onClick={props.onSelect}
      data-testid={props.testId}
      {...props.dataAttributes}
    >
      <Table.Td>
        <UnstyledButton
          className={classes.rowButton}
          onClick={(event) => {
            event.stopPropagation();
            props.onSelect();
          }}
          aria-current={props.selected ? 'true' : undefined}
          aria-label={props.label}
        >
          {props.first}
        </UnstyledButton>
      </Table.Td>
      {props.children}
    </Table.Tr>
  );
}
