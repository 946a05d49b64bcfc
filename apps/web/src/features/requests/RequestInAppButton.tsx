import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSend } from '@tabler/icons-react';
import { displayPatientCode } from '@graftmatch/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { getWaitingList } from '../clinic/api';
import { clinicKeys } from '../clinic/keys';
import { createRequest, getRequestedLots } from './api';
import { requestKeys } from './keys';

function RequestForm({ lot, onDone }: { lot: string; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const entries = useQuery({ queryKey: clinicKeys.waitingListAll, queryFn: getWaitingList });
  const [entry, setEntry] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const send = useMutation({
    mutationFn: () =>
      createRequest({
        lot,
        ...(entry ? { waitinglistid: entry } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
      notify('success', t('requests.sent'));
      onDone();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate();
      }}
    >
      <Stack gap="sm">
        <Select
          label={t('requests.entry')}
          placeholder={t('requests.entryNone')}
          clearable
          value={entry}
          onChange={setEntry}
          data={(entries.data ?? []).map((item) => ({
            value: item.waitinglistid,
            label: `${displayPatientCode(item.patient_Code)} · ${item.query_i_min} – ${item.query_i_max}`,
          }))}
          data-testid="request-entry"
        />
        <Textarea label={t('requests.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        {send.isError && <ErrorAlert error={send.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} data-testid="request-send">
            {t('requests.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Next to the request mail (spec §4): a tracked request in the app, and whether someone requested it. */
export function RequestInAppButton({ lot }: { lot: string }) {
  const { t } = useTranslation();
  const requested = useQuery({ queryKey: requestKeys.lots, queryFn: getRequestedLots });
  const open = () => {
    const id = modals.open({
      title: t('requests.createTitle', { lot }),
      children: <RequestForm lot={lot} onDone={() => modals.close(id)} />,
    });
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSend size={14} aria-hidden />}
        onClick={open}
        aria-label={t('requests.inAppFor', { lot })}
        data-testid={`request-in-app-${lot}`}
      >
        {t('requests.inApp')}
      </Button>
      {requested.data?.includes(lot) && (
        <Badge color="blue.9" variant="light" data-testid={`requested-${lot}`}>
          {t('requests.requested')}
        </Badge>
      )}
    </>
  );
}
