import { Alert, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ImportNotice } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';

/** What the import took from the bank's record where the file was silent (docs/import.md "Bank name and contact"). */
export function ImportNotices({ notices }: { notices: readonly ImportNotice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) {
    return null;
  }
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('imports.noticesTitle')}>
      <List size="sm" data-testid="import-notices">
        {notices.map((notice) => (
          <List.Item key={notice.code} data-testid="import-notice" data-code={notice.code}>
            {t(`imports.notices.${notice.code}`, { count: notice.rows, value: notice.value })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
