import { useMemo, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  Code,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Select,
  Title,
} from '@mantine/core';
import { PagePicker } from '../../components/PagePicker';
import { IconListDetails } from '@tabler/icons-react';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_TARGET_TYPE_NAMES,
  auditActionWords,
  auditTargetTypeWords,
  fullName,
  type AuditLogEntry,
} from '@graftmatch/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
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
  const [page, setPage] = useState(1);
  const [shownEntry, setShownEntry] = useState<AuditLogEntry | null>(null);
  const log = useQuery({
    queryKey: adminKeys.auditLog(filter, page),
    queryFn: () => getAuditLog(filter, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE),
    placeholderData: keepPreviousData,
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
    setPage(1);
  };
  const reset = () => {
    setDraft(EMPTY);
    setFilter(EMPTY);
    setPage(1);
  };
  const dateError = (value: string | undefined) => (value && !DATE.test(value) ? 'YYYY-MM-DD' : undefined);
  const invalidDates = Boolean(dateError(draft.from) || dateError(draft.to));
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const firstShown = (page - 1) * AUDIT_PAGE_SIZE + 1;

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
      {log.isPending && <PageLoader />}
      {log.isError && <ErrorAlert error={log.error} onRetry={() => void log.refetch()} />}
      {log.data && log.data.items.length === 0 && (
        <EmptyState
          title={t('admin.auditLog.empty')}
          description={t('admin.auditLog.emptyHint')}
          testId="audit-empty"
        />
      )}
      {log.data && log.data.items.length > 0 && (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="xs" data-testid="audit-table">
              <Table.Caption>
                {t('admin.auditLog.range', { from: firstShown, to: firstShown + log.data.items.length - 1, total })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.auditLog.time')}</Table.Th>
                  <Table.Th>{t('admin.auditLog.actor')}</Table.Th>
                  <Table.Th>{t('admin.auditLog.action')}</Table.Th>
                  <Table.Th>{t('admin.auditLog.target')}</Table.Th>
                  <Table.Th>{t('admin.auditLog.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.items.map((entry) => (
                  <Table.Tr
                    key={entry.id}
                    data-testid="audit-row"
                    data-action={entry.action}
                    data-target-id={entry.targetId ?? ''}
                  >
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtc(entry.at)}</Table.Td>
                    <Table.Td>
                      {entry.actorId ? (names.get(entry.actorId) ?? entry.actorId) : t('admin.auditLog.system')}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{auditActionWords(entry.action, language)}</Text>
                      <Code>{entry.action}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {auditTargetTypeWords(entry.targetType, language)}
                        {entry.targetId && `: ${names.get(entry.targetId) ?? entry.targetId}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PagePicker
            pages={pages}
            page={page}
            onChange={setPage}
            label={t('admin.auditLog.pagination')}
            testId="audit-pagination"
          />
        </Stack>
      )}
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
