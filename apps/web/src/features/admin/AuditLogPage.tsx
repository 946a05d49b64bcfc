import { useMemo, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  Code,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Select,
  Title,
} from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_TARGET_TYPE_NAMES,
  auditActionWords,
  auditTargetTypeWords,
  fullName,
  type AuditLogEntry,
} from '@graftmatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/ColumnTable';
import { EmptyState } from '../../components/EmptyState';
import { PagedTable } from '../../components/PagedTable';
import { PageTitle } from '../../components/PageTitle';
import { usePages } from '../../components/usePages';
import { currentLanguage } from '../../i18n';
import { getAuditLog, listClinics, listEutes, listUsers, type AuditLogFilter } from './api';
import { adminKeys } from './keys';
import classes from './admin.module.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-03-14 09:30:00 UTC`: the log's instants as stored, the same for every reader. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

const EMPTY: AuditLogFilter = { actorId: '', action: '', targetType: '', targetId: '', from: '', to: '' };

/** `home/admin/auditlog`: every change, newest first, a page at a time, with the API's filters. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [draft, setDraft] = useState<AuditLogFilter>(EMPTY);
  const [filter, setFilter] = useState<AuditLogFilter>(EMPTY);
  const [shownEntry, setShownEntry] = useState<AuditLogEntry | null>(null);
  const paged = usePages(adminKeys.auditLog(filter), (page, signal) => getAuditLog(filter, page, signal), {
    pageSize: AUDIT_PAGE_SIZE,
  });
  // Names for the ids in the log: users, clinics and tissue banks the admin area already lists.
  const users = useQuery({ queryKey: adminKeys.users('all'), queryFn: () => listUsers('all') });
  const clinics = useQuery({ queryKey: adminKeys.clinics('all'), queryFn: () => listClinics('all') });
  const eutes = useQuery({ queryKey: adminKeys.eutes('all'), queryFn: () => listEutes('all') });
  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const user of users.data ?? []) {
      map.set(user.id, fullName(user));
    }
    for (const clinic of clinics.data ?? []) {
      map.set(clinic.id, clinic.c_Name);
    }
    for (const eute of eutes.data ?? []) {
      map.set(eute.id, eute.name);
    }
    return map;
  }, [users.data, clinics.data, eutes.data]);

  const set = (patch: AuditLogFilter) => setDraft((current) => ({ ...current, ...patch }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft });
    paged.setPage(1);
  };
  const reset = () => {
    setDraft(EMPTY);
    setFilter(EMPTY);
    paged.setPage(1);
  };
  const dateError = (value: string | undefined) => (value && !DATE.test(value) ? 'YYYY-MM-DD' : undefined);
  const invalidDates = Boolean(dateError(draft.from) || dateError(draft.to));
  const columns: Column<AuditLogEntry>[] = [
    { key: 'time', header: t('admin.auditLog.time'), nowrap: true, cell: (entry) => formatUtc(entry.at) },
    {
      key: 'actor',
      header: t('admin.auditLog.actor'),
      cell: (entry) => (entry.actorId ? (names.get(entry.actorId) ?? entry.actorId) : t('admin.auditLog.system')),
    },
    {
      key: 'action',
      header: t('admin.auditLog.action'),
      cell: (entry) => (
        <>
          <Text size="sm">{auditActionWords(entry.action, language)}</Text>
          <Code>{entry.action}</Code>
        </>
      ),
    },
    {
      key: 'target',
      header: t('admin.auditLog.target'),
      cell: (entry) => (
        <Text size="sm">
          {auditTargetTypeWords(entry.targetType, language)}
          {entry.targetId && `: ${names.get(entry.targetId) ?? entry.targetId}`}
        </Text>
      ),
    },
    {
      key: 'details',
      header: t('admin.auditLog.details'),
      cell: (entry) => (
        <ActionIcon
          variant="subtle"
          onClick={() => setShownEntry(entry)}
          aria-label={t('admin.auditLog.showDetails', {
            action: auditActionWords(entry.action, language),
            time: formatUtc(entry.at),
          })}
          data-testid="audit-details"
        >
          <IconListDetails size={18} aria-hidden />
        </ActionIcon>
      ),
    },
  ];

  return (
    <>
      <PageTitle title={t('admin.auditLog.title')} />
      <form onSubmit={apply} data-testid="audit-filter">
        <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} mb="sm">
          <Select
            label={t('admin.auditLog.actor')}
            placeholder={t('admin.auditLog.anyone')}
            data={(users.data ?? []).map((user) => ({ value: user.id, label: `${fullName(user)} (${user.email})` }))}
            value={draft.actorId || null}
            onChange={(value) => set({ actorId: value ?? '' })}
            searchable
            clearable
            data-testid="audit-actor"
          />
          <TextInput
            label={t('admin.auditLog.action')}
            placeholder={t('admin.auditLog.actionPlaceholder')}
            value={draft.action}
            onChange={(e) => set({ action: e.currentTarget.value })}
            data-testid="audit-action"
          />
          <Select
            label={t('admin.auditLog.targetType')}
            placeholder={t('admin.auditLog.any')}
            data={AUDIT_TARGET_TYPE_NAMES.map((type) => ({ value: type, label: auditTargetTypeWords(type, language) }))}
            value={draft.targetType || null}
            onChange={(value) => set({ targetType: value ?? '' })}
            clearable
            data-testid="audit-target-type"
          />
          <TextInput
            label={t('admin.auditLog.targetId')}
            value={draft.targetId}
            onChange={(e) => set({ targetId: e.currentTarget.value })}
            data-testid="audit-target-id"
          />
          <TextInput
            label={t('admin.auditLog.from')}
            placeholder="YYYY-MM-DD"
            value={draft.from}
            onChange={(e) => set({ from: e.currentTarget.value })}
            error={dateError(draft.from)}
            data-testid="audit-from"
          />
          <TextInput
            label={t('admin.auditLog.to')}
            placeholder="YYYY-MM-DD"
            value={draft.to}
            onChange={(e) => set({ to: e.currentTarget.value })}
            error={dateError(draft.to)}
            data-testid="audit-to"
          />
        </SimpleGrid>
        <Group mb="md" gap="sm">
          <Button type="submit" disabled={invalidDates} data-testid="audit-apply">
            {t('admin.auditLog.apply')}
          </Button>
          <Button variant="default" onClick={reset} data-testid="audit-reset">
            {t('admin.auditLog.reset')}
          </Button>
        </Group>
      </form>
      <PagedTable
        paged={paged}
        columns={columns}
        rowKey={(entry) => entry.id}
        rowAttributes={(entry) => ({
          'data-testid': 'audit-row',
          'data-action': entry.action,
          'data-target-id': entry.targetId ?? '',
        })}
        caption={(range) => t('admin.auditLog.range', range)}
        pagesLabel={t('admin.auditLog.pagination')}
        testIds={{ table: 'audit-table', caption: 'audit-caption', pages: 'audit-pagination' }}
        minWidth={720}
        empty={
          <EmptyState
            title={t('admin.auditLog.empty')}
            description={t('admin.auditLog.emptyHint')}
            testId="audit-empty"
          />
        }
      />
      <Modal
        opened={shownEntry !== null}
        onClose={() => setShownEntry(null)}
        size="xl"
        title={shownEntry ? `${auditActionWords(shownEntry.action, language)} · ${formatUtc(shownEntry.at)}` : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {shownEntry && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['before', 'after'] as const).map((side) => (
              <Stack key={side} gap={4}>
                <Title order={3} size="h6">
                  {t(`admin.auditLog.${side}`)}
                </Title>
                <Code block className={classes.json}>
                  {JSON.stringify(shownEntry[side], null, 2) ?? 'null'}
                </Code>
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Modal>
    </>
  );
}
