import { Alert } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../features/auth/useMe';

/**
 * Auditors are told at the top of every page why nothing can be changed (docs/decisions.md §5).
 * An admin who also audits changes what admins change, so only auditors without it see this.
 */
export function ReadOnlyBanner() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data?.audit || me.data.admin) {
    return null;
  }
  return (
    <Alert color="gray" variant="light" icon={<IconEye aria-hidden />} mb="md" data-testid="read-only">
      {t('admin.readOnly')}
    </Alert>
  );
}
