import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** "Back" above a page's title: to wherever the reader came from (a list, a search, a mail's link). */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      onClick={() => void navigate(-1)}
      mb="sm"
      px={0}
    >
      {t('common.back')}
    </Button>
  );
}
