import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPackageImport } from '@tabler/icons-react';
import type { GraftRequest, RequestSide } from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { showDateTime } from '../../i18n/format';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../../lib/useFormMutation';
import { notify } from '../../components/notify';
import { graftCodeProblem, ScanField, ScanRefusal } from '../scan';
import { receiveGraft } from './api';
import { requestKeys } from './keys';

// The clinic checks a delivered package against its request: scanned (or typed) code, and the
// server records the receipt or names both codes (docs/decisions.md, "Scanning").

function ReceiveForm({ request, onDone }: { request: GraftRequest; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sec, setSec] = useState('');
  const receive = useFormMutation({
    labels: { sec: t('scan.packageCode') },
    mutationFn: (code: string) => receiveGraft(request.id, code.trim()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
      notify('success', t('scan.received'));
      onDone();
    },
  });
  const send = (code: string) => {
    if (code.trim() !== '' && graftCodeProblem(code) === null && !receive.isPending) {
      receive.mutate(code);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send(sec);
      }}
    >
      <Stack gap="sm">
        <ScanField
          label={t('scan.packageCode')}
          value={sec}
          onChange={(value) => {
            setSec(value);
            receive.reset();
          }}
          onSubmit={send}
          cameraFirst
          error={receive.fieldError('sec')}
        />
        <Text size="sm">{t('scan.receiveText')}</Text>
        {receive.isError && <ScanRefusal form={receive} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={receive.isPending} disabled={sec.trim() === ''} data-testid="receive-submit">
            {t('scan.receive')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Receive" on a delivered request not yet received, for the requesting clinic; else when it was. */
export function ReceiveButton({ request, side }: { request: GraftRequest; side: RequestSide }) {
  const { t } = useTranslation();
  if (request.receivedAt) {
    return (
      <Text size="sm" data-testid="request-received">
        {t('scan.receivedAt', { time: showDateTime(request.receivedAt) })}
      </Text>
    );
  }
  if (side !== 'physician' || request.state !== 'delivered' || !request.actions.includes('implant')) {
    return null;
  }
  const open = () => {
    const id = modals.open({
      title: `${t('scan.receive')} – ${t('requests.lot')} ${request.lot}`,
      children: <ReceiveForm request={request} onDone={() => modals.close(id)} />,
    });
  };
  return (
    <Group>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPackageImport size={16} aria-hidden />}
        onClick={open}
        data-testid="step-receive"
      >
        {t('scan.receive')}
      </Button>
    </Group>
  );
}
