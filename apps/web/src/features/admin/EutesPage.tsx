import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import type { Eute } from '@graftmatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { errorMessage } from '../../app/errorMessage';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { getEute, listEutes, patchEute } from './api';
import { euteFormErrors, euteState, toEutePatch, type EuteField, type EuteFormState } from './euteForm';
import { adminKeys } from './keys';
import { useListWithDetail } from './useListWithDetail';
import { MembersList } from './MembersList';
import { ListFilters, ListStatus, SelectableRow } from './ListParts';
import { ActiveBadge, ReadOnlyNote } from './shared';
import { useAdminRights } from './useAdminRights';
import classes from './admin.module.css';

const MAX_LENGTH: Record<EuteField, number> = {
  name: 200,
  euteNumber: 50,
  address: 200,
  housenumber: 20,
  zipcode: 20,
  city: 200,
  country: 200,
  email: 254,
  phone: 50,
};

function EuteForm({ eute, onDone }: { eute: Eute; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<EuteFormState>(() => euteState(eute));
  const [touched, setTouched] = useState(false);
  const errors = euteFormErrors(state, eute);
  const save = useMutation({
    mutationFn: () => patchEute(eute.id, toEutePatch(state, eute)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.eute(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notify('success', t('admin.eutes.updated', { name: saved.name }));
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) {
      return;
    }
    if (Object.keys(toEutePatch(state, eute)).length === 0) {
      notify('info', t('admin.eutes.nothingChanged'));
      onDone();
      return;
    }
    save.mutate();
  };
  const field = (name: EuteField, extra: { type?: string; required?: boolean } = {}) => {
    const error = touched ? errors[name] : undefined;
    return (
      <TextInput
        label={t(`admin.eutes.fields.${name}`)}
        value={state[name]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setState((current) => ({ ...current, [name]: value }));
        }}
        error={
          error === 'required'
            ? t('admin.required')
            : error === 'email'
              ? t('admin.invalidEmail')
              : error === 'emailKept'
                ? t('admin.eutes.emailKept')
                : undefined
        }
        maxLength={MAX_LENGTH[name]}
        data-testid={`eute-${name}`}
        {...extra}
      />
    );
  };
  return (
    <form onSubmit={submit} noValidate data-testid="eute-form">
      <Stack>
        {save.error && (
          <Alert
            color="red"
            role="alert"
            title={
              save.error instanceof ApiError && save.error.status === 409 ? t('admin.conflict') : t('errors.title')
            }
            data-testid="eute-form-error"
          >
            {errorMessage(save.error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {field('name', { required: true })}
          {field('euteNumber')}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {field('address')}
          {field('housenumber')}
          {field('zipcode')}
          {field('city')}
          {field('country')}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {field('email', { type: 'email' })}
          {field('phone', { type: 'tel' })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="eute-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function addressLines(eute: Eute): string[] {
  return [
    [eute.address, eute.housenumber].filter(Boolean).join(' '),
    [eute.zipcode, eute.city].filter(Boolean).join(' '),
    eute.country ?? '',
  ].filter((line) => line.trim() !== '');
}

/** `home/admin/eutes`: tissue banks by name (spec §3); no adding (the API has none). */
export function EutesPage() {
  const { t } = useTranslation();
  const { canWrite } = useAdminRights();
  const small = useMediaQuery('(max-width: 43.74em)', false);
  const { status, setStatus, text, setText, selectedId, select, list, detail, selected } = useListWithDetail({
    listKey: adminKeys.eutes,
    list: listEutes,
    detailKey: adminKeys.eute,
    detail: getEute,
  });
  const [editing, setEditing] = useState(false);
  const needle = text.trim().toLowerCase();
  const shown = (list.data ?? []).filter((eute) =>
    [eute.name, eute.euteNumber ?? '', eute.city ?? ''].join('\n').toLowerCase().includes(needle),
  );
  const lines = selected ? addressLines(selected) : [];

  return (
    <>
      <PageTitle title={t('admin.eutes.title')} />
      {!canWrite && <ReadOnlyNote />}
      <ListFilters text={text} onText={setText} status={status} onStatus={setStatus} testPrefix="eute" />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ListStatus
            list={list}
            shown={shown.length}
            empty={t('admin.eutes.empty')}
            emptyHint={t('admin.eutes.emptyHint')}
            emptyTestId="eutes-empty"
          />
          {shown.length > 0 && (
            <Table highlightOnHover verticalSpacing="xs" data-testid="eute-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.eutes.name')}</Table.Th>
                  <Table.Th>{t('admin.eutes.city')}</Table.Th>
                  <Table.Th>{t('admin.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((eute) => (
                  <SelectableRow
                    key={eute.id}
                    selected={eute.id === selectedId}
                    onSelect={() => select(eute.id)}
                    label={t('admin.eutes.select', { name: eute.name })}
                    testId="eute-row"
                    dataAttributes={{ 'data-name': eute.name }}
                    first={
                      <>
                        <Text fw={600} size="sm">
                          {eute.name}
                        </Text>
                        {eute.euteNumber && (
                          <Text size="xs" c="dimmed">
                            {eute.euteNumber}
                          </Text>
                        )}
                      </>
                    }
                  >
                    <Table.Td>{eute.city ?? '–'}</Table.Td>
                    <Table.Td>
                      <ActiveBadge active={eute.active} />
                    </Table.Td>
                  </SelectableRow>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md" className={classes.detail} data-testid="eute-detail" aria-live="polite">
            {selectedId === null && <Text c="dimmed">{t('admin.noneSelected')}</Text>}
            {selectedId !== null && detail.isPending && <PageLoader />}
            {selectedId !== null && detail.isError && !selected && <ErrorAlert error={detail.error} />}
            {selected && (
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={2} size="h4" data-testid="eute-detail-name">
                    {selected.name}
                  </Title>
                  <ActiveBadge active={selected.active} />
                </Group>
                <dl className={classes.fields}>
                  <dt>{t('admin.eutes.fields.euteNumber')}</dt>
                  <dd>{selected.euteNumber || '–'}</dd>
                  <dt>{t('admin.eutes.address')}</dt>
                  <dd data-testid="eute-detail-address">
                    {lines.length > 0
                      ? lines.map((line) => (
                          <span key={line} style={{ display: 'block' }}>
                            {line}
                          </span>
                        ))
                      : '–'}
                  </dd>
                  <dt>{t('admin.eutes.fields.email')}</dt>
                  <dd>{selected.email ? <Anchor href={`mailto:${selected.email}`}>{selected.email}</Anchor> : '–'}</dd>
                  <dt>{t('admin.eutes.fields.phone')}</dt>
                  <dd>{selected.phone || '–'}</dd>
                </dl>
                <Title order={3} size="h6">
                  {t('admin.members')}
                </Title>
                {selected.euteDetail ? <MembersList users={selected.euteDetail.users} /> : <PageLoader />}
                {canWrite && (
                  <Group>
                    <Button
                      variant="light"
                      leftSection={<IconPencil size={16} aria-hidden />}
                      onClick={() => setEditing(true)}
                      data-testid="eute-edit"
                    >
                      {t('common.edit')}
                    </Button>
                  </Group>
                )}
              </Stack>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      {canWrite && (
        <Modal
          opened={editing && selected !== undefined}
          onClose={() => setEditing(false)}
          size="lg"
          fullScreen={small}
          title={t('admin.eutes.editTitle')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          {editing && selected && <EuteForm eute={selected} onDone={() => setEditing(false)} />}
        </Modal>
      )}
    </>
  );
}
