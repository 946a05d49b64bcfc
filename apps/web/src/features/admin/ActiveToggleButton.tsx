import { Button } from '@mantine/core';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { adminKeys } from './keys';
import type { Listed } from './ListWithDetailPage';
import { confirmActiveChange } from './shared';

/**
 * Activates or deactivates the selected user, clinic or bank after asking (deactivation is the red,
 * destructive one), then reloads the admin lists and says what happened.
 */
export function ActiveToggleButton<T extends Listed>(props: {
  item: T;
  area: 'users' | 'clinics' | 'eutes';
  testPrefix: string;
  nameOf: (item: T) => string;
  setActive: (id: string, active: boolean) => Promise<T>;
  detailKey: (id: string) => QueryKey;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { item, area } = props;
  const toggle = useMutation({
    mutationFn: (target: T) => props.setActive(target.id, !target.active),
    onSuccess: async (saved) => {
      queryClient.setQueryData(props.detailKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notify(
        'success',
        t(`admin.${area}.${saved.active ? 'activated' : 'deactivated'}`, { name: props.nameOf(saved) }),
      );
    },
  });
  const ask = () =>
    confirmActiveChange({
      activate: !item.active,
      title: t(`admin.${area}.${item.active ? 'deactivateTitle' : 'activateTitle'}`),
      text: t(`admin.${area}.${item.active ? 'deactivateText' : 'activateText'}`, { name: props.nameOf(item) }),
      onConfirm: () => toggle.mutate(item),
    });
  return (
    <Button
      variant="outline"
      color={item.active ? 'red' : 'teal.9'}
      onClick={ask}
      loading={toggle.isPending}
      data-testid={`${props.testPrefix}-${item.active ? 'deactivate' : 'activate'}`}
    >
      {item.active ? t('admin.deactivate') : t('admin.activate')}
    </Button>
  );
}
