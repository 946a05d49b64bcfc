import { useMemo, useState } from 'react';
import { Button, Group, Select, Stack } from '@mantine/core';
import { supportedTimeZones } from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { notify } from '../../components/notify';
import { patchClinic, patchEute } from './api';
import { adminKeys } from './keys';

/**
 * A clinic's or bank's IANA time zone, whose local day dates its clinical steps (docs/decisions.md
 * "Time zones"): chosen from the zones Intl knows, set by admins, read by auditors.
 */
export function OrganisationTimeZone(props: {
  kind: 'clinic' | 'eute';
  organisation: { id: string; timeZone: string };
  name: string;
  canWrite: boolean;
}) {
  const { kind, organisation, canWrite } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [zone, setZone] = useState<string | null>(organisation.timeZone);
  const zones = useMemo(() => {
    const known = supportedTimeZones();
    // A zone the server knows but this browser does not stays selectable as it is.
    return known.includes(organisation.timeZone) ? known : [organisation.timeZone, ...known];
  }, [organisation.timeZone]);
  const save = useFormMutation({
    labels: { timeZone: t('admin.timeZone.label') },
    mutationFn: async (): Promise<unknown> =>
      kind === 'clinic'
        ? patchClinic(organisation.id, { timeZone: zone! })
        : patchEute(organisation.id, { timeZone: zone! }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notify('success', t('admin.timeZone.saved', { name: props.name, zone }));
    },
  });
  return (
    <Stack gap="xs">
      <FormRefusal form={save} testId={`${kind}-timezone-error`} />
      <Group align="flex-end" gap="sm">
        <Select
          label={t('admin.timeZone.label')}
          description={t('admin.timeZone.hint')}
          data={zones as string[]}
          value={zone}
          onChange={(next) => {
            setZone(next);
            save.edited('timeZone');
          }}
          error={save.fieldError('timeZone')}
          searchable
          allowDeselect={false}
          readOnly={!canWrite}
          nothingFoundMessage={t('admin.timeZone.unknown')}
          w={320}
          data-testid={`${kind}-timezone`}
        />
        {canWrite && (
          <Button
            variant="light"
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={zone === null || zone === organisation.timeZone}
            data-testid={`${kind}-timezone-save`}
          >
            {t('common.save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
