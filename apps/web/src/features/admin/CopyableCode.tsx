import { Button, Code, CopyButton, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A value an admin hands on to another team (a redirect URI, a client id): shown in full, with a
 * button that copies it. `testId` names the value; its button is `<testId>-copy`.
 */
export function CopyableCode(props: {
  value: string;
  testId: string;
  copyTestId?: string;
  size?: 'xs' | 'compact-xs';
}) {
  const { value, testId, copyTestId = `${testId}-copy`, size = 'xs' } = props;
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Code style={{ wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size={size} variant="light" onClick={copy} data-testid={copyTestId}>
            {copied ? t('admin.copied') : t('admin.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
