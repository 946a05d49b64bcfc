import { useState } from 'react';
import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { MAX_LEAD_TIME_DAYS, type Eute } from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { notify } from '../../components/notify';
import { setLeadTime } from './api';
import { adminKeys } from './keys';

/** The bank's lead time in days: set by admins, read by auditors. */
export function EuteLeadTime({ eute, canWrite }: { eute: Eute; canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number | string>(eute.leadTimeDays);
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= MAX_LEAD_TIME_DAYS;
  const save = useFormMutation({
    labels: { days: t('admin.eutes.leadTime') },
    mutationFn: () => setLeadTime(eute.id, days as number),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.eute(eute.id) });
      notify('success', t('admin.eutes.leadTimeSaved', { name: eute.name, count: saved.leadTimeDays }));
    },
  });
  return (
    <Stack gap="xs">
      <FormRefusal form={save} testId="eute-leadtime-error" />
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t('admin.eutes.leadTime')}
          description={t('admin.eutes.leadTimeHint')}
          value={days}
          onChange={(value) => {
            setDays(value);
            save.edited('days');
          }}
          min={0}
          max={MAX_LEAD_TIME_DAYS}
          allowDecimal={false}
          readOnly={!canWrite}
          error={valid ? save.fieldError('days') : t('admin.eutes.leadTimeInvalid', { max: MAX_LEAD_TIME_DAYS })}
          w={220}
          data-testid="eute-leadtime"
        />
        {canWrite && (
          <Button
            variant="light"
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={!valid || days === eute.leadTimeDays}
            data-testid="eute-leadtime-save"
          >
            {t('common.save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
