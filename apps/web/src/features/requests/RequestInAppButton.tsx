import { ActionIcon, Badge, Button, Indicator, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSend } from '@tabler/icons-react';
import type { Graft } from '@graftmatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getRequestedLots } from './api';
import { requestKeys } from './keys';
import { RequestForm } from './RequestForm';

/**
 * Next to the request mail (spec §4): a tracked request in the app, and whether someone requested
 * it. `compact`: an icon (named for screen readers and on hover), for a table row that must fit.
 */
export function RequestInAppButton({ graft, compact = false }: { graft: Graft; compact?: boolean }) {
  const { t } = useTranslation();
  const lot = graft.e_Lot;
  const requested = useQuery({ queryKey: requestKeys.lots, queryFn: getRequestedLots });
  const open = () => {
    const id = modals.open({
      title: t('requests.createTitle', { lot }),
      children: <RequestForm graft={graft} onDone={() => modals.close(id)} />,
    });
  };
  const isRequested = requested.data?.includes(lot) ?? false;
  if (compact) {
    // In a table row the "requested" mark is a dot on the icon, so the row's buttons keep their width.
    return (
      <>
        <Indicator disabled={!isRequested} size={9} color="blue.9" offset={3}>
          <ActionIcon
            size={30}
            variant="light"
            onClick={open}
            aria-label={t('requests.inAppFor', { lot })}
            title={isRequested ? `${t('requests.inApp')} (${t('requests.requested')})` : t('requests.inApp')}
            data-testid={`request-in-app-${lot}`}
          >
            <IconSend size={16} aria-hidden />
          </ActionIcon>
        </Indicator>
        {isRequested && <VisuallyHidden data-testid={`requested-${lot}`}>{t('requests.requested')}</VisuallyHidden>}
      </>
    );
  }
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
      {isRequested && (
        <Badge color="blue.9" variant="light" data-testid={`requested-${lot}`}>
          {t('requests.requested')}
        </Badge>
      )}
    </>
  );
}
