import type { ReactNode } from 'react';
import { Pagination, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Paging } from './usePages';

interface PagePickerProps {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  /** What is paged, for screen readers (e.g. "Audit log pages"). */
  label: string;
  testId: string;
}

/** The pages of a long list, with every control named; nothing when it fits on one page. */
export function PagePicker({ pages, page, onChange, label, testId }: PagePickerProps) {
  const { t } = useTranslation();
  if (pages <= 1) {
    return null;
  }
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': t(`common.pageControls.${control}`) })}
      aria-label={label}
      data-testid={testId}
    />
  );
}

interface PagedSectionProps {
  paging: Paging;
  label: string;
  testId: string;
  /** The shown page. */
  children: ReactNode;
}

/** A shown page of a list with the picker of its pages under it (`usePages`, `usePagesOf`). */
export function PagedSection({ paging, label, testId, children }: PagedSectionProps) {
  return (
    <Stack gap="md">
      {children}
      <PagePicker pages={paging.pages} page={paging.page} onChange={paging.setPage} label={label} testId={testId} />
    </Stack>
  );
}
