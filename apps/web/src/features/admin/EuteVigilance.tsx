import { useState } from 'react';
import { Button, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import {
  EMAIL_PATTERN,
  MAX_CONFIRMATION_DAYS,
  MAX_NOTIFICATION_HOURS,
  maxLengthOf,
  PatchEuteRequest,
  type Eute,
} from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { notify } from '../../components/notify';
import { patchEute } from './api';
import { adminKeys } from './keys';

const wholeIn = (value: number | string, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;

/** What changed of the bank's vigilance settings; an emptied address is sent as null (none). */
export function vigilancePatch(eute: Eute, form: { hours: number; days: number; authority: string }): PatchEuteRequest {
  const patch: PatchEuteRequest = {};
  if (form.hours !== eute.vigilanceNotificationHours) {
    patch.vigilanceNotificationHours = form.hours;
  }
  if (form.days !== eute.vigilanceConfirmationDays) {
    patch.vigilanceConfirmationDays = form.days;
  }
  const authority = form.authority.trim();
  if (authority !== (eute.competentAuthorityEmail ?? '')) {
    patch.competentAuthorityEmail = authority === '' ? null : authority;
  }
  return patch;
}

/**
 * The bank's vigilance settings (docs/decisions.md "Vigilance"): the deadlines of a new report's
 * notification and confirmation, and the competent authority each submitted part is mailed to.
 * Set by admins, read by auditors.
 */
export function EuteVigilance({ eute, canWrite }: { eute: Eute; canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<number | string>(eute.vigilanceNotificationHours);
  const [days, setDays] = useState<number | string>(eute.vigilanceConfirmationDays);
  const [authority, setAuthority] = useState(eute.competentAuthorityEmail ?? '');
  const hoursValid = wholeIn(hours, MAX_NOTIFICATION_HOURS);
  const daysValid = wholeIn(days, MAX_CONFIRMATION_DAYS);
  const authorityValid = authority.trim() === '' || new RegExp(EMAIL_PATTERN).test(authority.trim());
  const valid = hoursValid && daysValid && authorityValid;
  const patch = valid ? vigilancePatch(eute, { hours: hours as number, days: days as number, authority }) : {};
  const labels = {
    vigilanceNotificationHours: t('admin.eutes.notificationHours'),
    vigilanceConfirmationDays: t('admin.eutes.confirmationDays'),
    competentAuthorityEmail: t('admin.eutes.authorityEmail'),
  };
  const save = useFormMutation({
    labels,
    mutationFn: () => patchEute(eute.id, patch),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.eute(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.eute(eute.id) });
      notify('success', t('admin.eutes.vigilanceSaved', { name: eute.name }));
    },
  });
  return (
    <Stack gap="xs" data-testid="eute-vigilance">
      <Title order={3} size="h6">
        {t('admin.eutes.vigilance')}
      </Title>
      <FormRefusal form={save} testId="eute-vigilance-error" />
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={labels.vigilanceNotificationHours}
          description={t('admin.eutes.notificationHoursHint')}
          value={hours}
          onChange={(value) => {
            setHours(value);
            save.edited('vigilanceNotificationHours');
          }}
          min={1}
          max={MAX_NOTIFICATION_HOURS}
          allowDecimal={false}
          readOnly={!canWrite}
          error={
            hoursValid
              ? save.fieldError('vigilanceNotificationHours')
              : t('admin.eutes.notificationHoursInvalid', { max: MAX_NOTIFICATION_HOURS })
          }
          w={220}
          data-testid="eute-notification-hours"
        />
        <NumberInput
          label={labels.vigilanceConfirmationDays}
          description={t('admin.eutes.confirmationDaysHint')}
          value={days}
          onChange={(value) => {
            setDays(value);
            save.edited('vigilanceConfirmationDays');
          }}
          min={1}
          max={MAX_CONFIRMATION_DAYS}
          allowDecimal={false}
          readOnly={!canWrite}
          error={
            daysValid
              ? save.fieldError('vigilanceConfirmationDays')
              : t('admin.eutes.confirmationDaysInvalid', { max: MAX_CONFIRMATION_DAYS })
          }
          w={220}
          data-testid="eute-confirmation-days"
        />
        <TextInput
          type="email"
          label={labels.competentAuthorityEmail}
          description={t('admin.eutes.authorityEmailHint')}
          value={authority}
          onChange={(event) => {
            setAuthority(event.currentTarget.value);
            save.edited('competentAuthorityEmail');
          }}
          readOnly={!canWrite}
          error={authorityValid ? save.fieldError('competentAuthorityEmail') : t('admin.invalidEmail')}
          maxLength={maxLengthOf(PatchEuteRequest, 'competentAuthorityEmail')}
          w={280}
          data-testid="eute-authority-email"
        />
        {canWrite && (
          <Button
            variant="light"
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={!valid || Object.keys(patch).length === 0}
            data-testid="eute-vigilance-save"
          >
            {t('common.save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
