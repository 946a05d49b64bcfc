import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { TestAlertRequest, maxLengthOf } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { sendTestAlert } from './api';

const MAX_MESSAGE = maxLengthOf(TestAlertRequest, 'message');

/** Admins only: a message every connected user sees as an alert (push event `testR`). */
export function TestAlertButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [message, setMessage] = useState('');
  const send = useMutation({
    mutationFn: () => sendTestAlert(message.trim()),
    onSuccess: ({ connectedUsers, notifiedUsers }) => {
      notify('success', t('admin.testAlert.reached', { count: connectedUsers, notified: notifiedUsers }));
      setOpened(false);
    },
  });
  const open = () => {
    setMessage(t('admin.testAlert.defaultMessage'));
    setOpened(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() !== '') {
      send.mutate();
    }
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconBell size={16} aria-hidden />}
        onClick={open}
        data-testid="test-alert-open"
      >
        {t('admin.testAlert.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('admin.testAlert.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('admin.testAlert.hint')}</Text>
            <Textarea
              label={t('admin.testAlert.message')}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              maxLength={MAX_MESSAGE}
              required
              autosize
              minRows={2}
              data-autofocus
              data-testid="test-alert-message"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={send.isPending}
                disabled={message.trim() === ''}
                data-testid="test-alert-send"
              >
                {t('admin.testAlert.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
