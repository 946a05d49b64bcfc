import { Fieldset, Group, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import {
  CLOCK_ALERT_EVENTS,
  MAIL_CHOICES,
  type AlertChannels,
  type AlertEvent,
  type MailChoice,
} from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';

/** The id of an event's mail choice, focused when a save is refused for that event. */
export const mailFieldId = (event: AlertEvent) => `alert-mail-${event}`;

interface Props {
  event: AlertEvent;
  channels: AlertChannels;
  /** Why this choice cannot be saved (ours or the server's), shown at the mail choice. */
  error: string | undefined;
  onChange: (patch: Partial<AlertChannels>) => void;
}

/**
 * One kind of event and its channels: in the app (always, so only said), push and mail. An event
 * with a clock says so, as a refusal to silence it would otherwise come as a surprise.
 */
export function AlertEventFields({ event, channels, error, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t(`alerts.event.${event}.label`)} data-testid={`alert-event-${event}`}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t(`alerts.event.${event}.hint`)}
        </Text>
        {CLOCK_ALERT_EVENTS.includes(event) && (
          <Group gap={6} wrap="nowrap" data-testid={`alert-clock-${event}`}>
            <IconAlarm size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{t('alerts.clock')}</Text>
          </Group>
        )}
        <Text size="sm">{t('alerts.inApp')}</Text>
        <Switch
          label={t('alerts.push')}
          checked={channels.push}
          onChange={(change) => onChange({ push: change.currentTarget.checked })}
          data-testid={`alert-push-${event}`}
        />
        <NativeSelect
          id={mailFieldId(event)}
          label={t('alerts.mail')}
          value={channels.mail}
          data={MAIL_CHOICES.map((choice) => ({ value: choice, label: t(`alerts.mailChoice.${choice}`) }))}
          onChange={(change) => onChange({ mail: change.currentTarget.value as MailChoice })}
          error={error}
          maw={240}
          data-testid={`alert-mail-${event}`}
        />
      </Stack>
    </Fieldset>
  );
}
