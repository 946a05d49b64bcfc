import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { PushDevice } from '@graftmatch/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { errorMessage } from '../../lib/errorMessage';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { showDate, showDateTime } from '../../i18n/format';
import { listPushDevices, removePushDevice } from './api';
import { alertKeys } from './keys';
import { deviceOf, pushSupport, turnOffPushHere, turnOnPush } from './pushSubscription';
import { confirmAction } from '../../components/confirmAction';
import { DestructiveButton } from '../../components/DestructiveButton';

/**
 * "Push on this device" (docs/api.md "Alerts"): turning it on here, and every device that receives
 * the user's pushes, each removable after a question.
 */
export function PushDevices() {
  const devices = useQuery({ queryKey: alertKeys.devices, queryFn: listPushDevices });
  return (
    <Stack gap="sm">
      {devices.isPending && <PageLoader />}
      {devices.isError && <ErrorAlert error={devices.error} onRetry={() => void devices.refetch()} />}
      {devices.data && (
        <>
          <ThisDevice subscribed={devices.data.items.some((device) => device.thisDevice)} />
          <DeviceList devices={devices.data.items} />
        </>
      )}
    </Stack>
  );
}

function ThisDevice({ subscribed }: { subscribed: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [support, setSupport] = useState(pushSupport);
  const turnOn = useMutation({
    mutationFn: () => {
      const { browser, system } = deviceOf(navigator.userAgent);
      return turnOnPush(system ? t('alerts.devices.deviceLabel', { browser, system }) : browser);
    },
    // Told below, in place: a browser's refusal is no server error.
    meta: { silent: true },
    onSuccess: async (answer) => {
      if (typeof answer === 'string') {
        setSupport(answer);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: alertKeys.devices });
      notify('success', t('alerts.devices.turnedOn'));
    },
  });
  if (support === 'unsupported') {
    return (
      <Text size="sm" data-testid="push-unsupported">
        {t('alerts.devices.unsupported')}
      </Text>
    );
  }
  if (support === 'denied') {
    return (
      <Alert color="yellow" title={t('alerts.devices.deniedTitle')} data-testid="push-denied">
        {t('alerts.devices.denied')}
      </Alert>
    );
  }
  if (subscribed) {
    return (
      <Text size="sm" data-testid="push-on-here">
        {t('alerts.devices.onHere')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t('alerts.devices.intro')}</Text>
      <Button onClick={() => turnOn.mutate()} loading={turnOn.isPending} data-testid="push-turn-on">
        {t('alerts.devices.turnOn')}
      </Button>
      {turnOn.isError && (
        <Alert color="red" role="alert" data-testid="push-turn-on-error">
          {turnOn.error instanceof ApiError ? errorMessage(turnOn.error) : t('alerts.devices.failed')}
        </Alert>
      )}
    </Stack>
  );
}

function DeviceList({ devices }: { devices: PushDevice[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async (device: PushDevice) => {
      await removePushDevice(device.id);
      if (device.thisDevice) {
        await turnOffPushHere();
      }
    },
    onSuccess: async (_nothing, device) => {
      await queryClient.invalidateQueries({ queryKey: alertKeys.devices });
      notify('success', t('alerts.devices.removed', { label: device.label }));
    },
  });
  const ask = (device: PushDevice) =>
    confirmAction({
      title: t('alerts.devices.removeTitle'),
      text: t('alerts.devices.removeText', { label: device.label }),
      confirm: t('common.remove'),
      color: 'red',
      testId: 'confirm-remove-device',
      onConfirm: () => remove.mutate(device),
    });
  if (devices.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="push-devices-empty">
        {t('alerts.devices.empty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="push-devices">
      {devices.map((device) => (
        <Group component="li" key={device.id} justify="space-between" wrap="nowrap" data-testid="push-device">
          <div>
            <Group gap="xs">
              <Text fw={600}>{device.label}</Text>
              {device.thisDevice && (
                <Badge variant="light" data-testid="push-this-device">
                  {t('alerts.devices.thisDevice')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('alerts.devices.added', { date: showDate(device.createdAt) })}
            </Text>
            <Text size="sm" c="dimmed">
              {device.lastDeliveredAt
                ? t('alerts.devices.lastDelivery', { time: showDateTime(device.lastDeliveredAt) })
                : t('alerts.devices.noDelivery')}
            </Text>
          </div>
          <DestructiveButton
            size="xs"
            onClick={() => ask(device)}
            aria-label={t('alerts.devices.removeLabel', { label: device.label })}
            data-testid="push-device-remove"
          >
            {t('common.remove')}
          </DestructiveButton>
        </Group>
      ))}
    </Stack>
  );
}
