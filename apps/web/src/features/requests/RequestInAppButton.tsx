import { Badge, Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSend } from '@tabler/icons-react';
import type { Graft } from '@graftmatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getRequestedLots } from './api';
import { requestKeys } from './keys';
import { RequestForm } from './RequestForm';

/** Next to the request mail (spec §4): a tracked request in the app, and whether someone requested it. */
export function RequestInAppButton({ graft }: { graft: Graft }) {
  const { t } = useTranslation();
  const lot = graft.e_Lot;
  const requested = useQuery({ queryKey: requestKeys.lots, queryFn: getRequestedLots });
  const open = () => {
    const id = modals.open({
      title: t('requests.createTitle', { lot }),
      children: <RequestForm graft={graft} onDone={() => modals.close(id)} />,
    });
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSend size={14} aria-hidden />}
        onClick={open}
        aria-label={t('requests.inAppFor', { lot })}
        data-testid={`request-in-app-${lot}`}
      >
        {t('requests.inApp')}
      </Button>
      {requested.data?.includes(lot) && (
        <Badge color="blue.9" variant="light" data-testid={`requested-${lot}`}>
          {t('requests.requested')}
        </Badge>
      )}
    </>
  );
}
