import { useMemo, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Code,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Select,
  Title,
} from '@mantine/core';
import { IconDownload, IconListDetails } from '@tabler/icons-react';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_TARGET_TYPE_NAMES,
  auditActionWords,
  auditChanges,
  auditTargetTypeWords,
  auditValueText,
  fullName,
  type AuditLogEntry,
} from '@graftmatch/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/ColumnTable';
import { EmptyState } from '../../components/EmptyState';
import { PagedTable } from '../../components/PagedTable';
import { PageTitle } from '../../components/PageTitle';
import { usePages } from '../../components/usePages';
import { currentLanguage } from '../../i18n';
import { saveFile } from '../../lib/saveFile';
import { downloadAuditLog, getAuditLog, listUsers, type AuditLogFilter } from './api';
import { auditActorLink, auditTargetLink } from './auditLinks';
import { adminKeys } from './keys';
import classes from './admin.module.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-03-14 09:30:00 UTC`: the log's instants as stored, the same for every reader. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

const EMPTY: AuditLogFilter = { actorId: '', action: '', targetType: '', targetId: '', from: '', to: '' };

type Language = ReturnType<typeof currentLanguage>;

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
  // The actor filter's choices; the rows bring their own names and LOTs.
  const users = useQuery({ queryKey: adminKeys.users('all'), queryFn: () => listUsers('all') });
  const actors = useMemo(
    () => (users.data ?? []).map((user) => ({ value: user.id, label: `${fullName(user)} (${user.email})` })),
    [users.data],
  );
  const exported = useMutation({
    mutationFn: () => downloadAuditLog(filter),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? 'audit-log.csv'),
  });
  // Hiding sign-ins applies at once: it is a view of the rows shown, not a criterion to type.
  const hideSignIns = (hide: boolean) => {
    const patch = { hideSignIns: hide || undefined };
    setDraft((current) => ({ ...current, ...patch }));
    setFilter((current) => ({ ...current, ...patch }));
    paged.setPage(1);
  };

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
      cell: (entry) =>
        entry.actorId === null ? (
          t('admin.auditLog.system')
        ) : (
          <Anchor component={Link} to={auditActorLink(entry.actorId)} size="sm" data-testid="audit-actor-link">
            {entry.actorName ?? entry.actorId}
          </Anchor>
        ),
    },
    {
      key: 'action',
      header: t('admin.auditLog.action'),
      cell: (entry) => (
        <>
          <AuditSentence entry={entry} language={language} />
          <Text size="xs" c="dimmed">
            {auditTargetTypeWords(entry.targetType, language)} · <Code>{entry.action}</Code>
          </Text>
        </>
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
            data={actors}
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
          <Switch
            label={t('admin.auditLog.hideSignIns')}
            checked={filter.hideSignIns === true}
            onChange={(event) => hideSignIns(event.currentTarget.checked)}
            data-testid="audit-hide-sign-ins"
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => exported.mutate()}
            loading={exported.isPending}
            ml="auto"
            data-testid="audit-export"
          >
            {t('admin.auditLog.export')}
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
        {shownEntry && <AuditChanges entry={shownEntry} />}
      </Modal>
    </>
  );
}

/** What happened in words, with the target's name or LOT linked to its page: "Graft added by import EB1-2026-0901". */
function AuditSentence({ entry, language }: { entry: AuditLogEntry; language: Language }) {
  const link = auditTargetLink(entry);
  const label = entry.targetLabel ?? entry.targetId;
  return (
    <Text size="sm" data-testid="audit-sentence">
      {auditActionWords(entry.action, language)}
      {label !== null && ' '}
      {label !== null &&
        (link ? (
          <Anchor component={Link} to={link} size="sm" data-testid="audit-target-link">
            {label}
          </Anchor>
        ) : (
          label
        ))}
    </Text>
  );
}

/** The fields a row changed, before and after; the stored record below for the full picture. */
function AuditChanges({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const changes = auditChanges(entry.before, entry.after);
  const missing = t('common.notDocumented');
  return (
    <Stack gap="md">
      {changes.length === 0 ? (
        <Text size="sm">{t('admin.auditLog.noChanges')}</Text>
      ) : (
        <Table striped layout="fixed" data-testid="audit-changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin.auditLog.field')}</Table.Th>
              <Table.Th scope="col">{t('admin.auditLog.before')}</Table.Th>
              <Table.Th scope="col">{t('admin.auditLog.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr key={change.field} data-testid="audit-change">
                <Table.Td className={classes.changed}>
                  <Code>{change.field}</Code>
                </Table.Td>
                <Table.Td className={classes.changed}>{auditValueText(change.before, missing)}</Table.Td>
                <Table.Td className={classes.changed}>{auditValueText(change.after, missing)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <details>
        <summary>{t('admin.auditLog.stored')}</summary>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          {(['before', 'after'] as const).map((side) => (
            <Stack key={side} gap={4}>
              <Title order={3} size="h6">
                {t(`admin.auditLog.${side}`)}
              </Title>
              <Code block className={classes.json}>
                {JSON.stringify(entry[side], null, 2) ?? 'null'}
              </Code>
            </Stack>
          ))}
        </SimpleGrid>
      </details>
    </Stack>
  );
}
