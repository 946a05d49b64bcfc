import type { ReactNode } from 'react';
import { Badge, Button, SegmentedControl } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirmAction } from '../../components/confirmAction';
import { i18n } from '../../i18n';
import type { ActiveFilter } from './api';

/** Active / inactive / all, as a labelled segmented control (keyboard: arrow keys). */
export function ActiveFilterControl({
  value,
  onChange,
  testId,
}: {
  value: ActiveFilter;
  onChange: (value: ActiveFilter) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('admin.statusFilter')}
      value={value}
      onChange={(next) => onChange(next as ActiveFilter)}
      data={[
        { value: 'all', label: t('admin.all') },
        { value: 'active', label: t('admin.active') },
        { value: 'inactive', label: t('admin.inactive') },
      ]}
      data-testid={testId}
    />
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal.9' : 'gray.7'} variant={active ? 'light' : 'outline'} data-testid="active-badge">
      {active ? t('admin.active') : t('admin.inactive')}
    </Badge>
  );
}

/** The selected item of an admin list, kept in the URL (`?selected=id`) so it survives reloads and links. */
export function useSelection(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const selected = params.get('selected');
  const select = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) {
          next.set('selected', id);
        } else {
          next.delete('selected');
        }
        return next;
      },
      { replace: true },
    );
  return [selected, select];
}

/** Asks before activating or deactivating; deactivation is the destructive, red one. */
export function confirmActiveChange(options: {
  activate: boolean;
  title: string;
  text: ReactNode;
  onConfirm: () => void;
}) {
  confirmAction({
    title: options.title,
    text: options.text,
    confirm: options.activate ? i18n.t('admin.activate') : i18n.t('admin.deactivate'),
    color: options.activate ? 'teal.9' : 'red',
    testId: 'confirm-active-change',
    onConfirm: options.onConfirm,
  });
}

/** The light pencil button that opens an item's edit dialog. */
export function EditButton({ onClick, testId, label }: { onClick: () => void; testId: string; label: string }) {
  return (
    <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
