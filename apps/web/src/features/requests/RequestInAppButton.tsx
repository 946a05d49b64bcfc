import { Badge, Button, Indicator, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSend } from '@tabler/icons-react';
import type { Graft } from '@graftmatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { wrappingLabel } from '../../components/wrappingLabel';
import { getRequestedLots } from './api';
import { requestKeys } from './keys';
import { RequestForm } from './RequestForm';

/**
 * The tracked request in the app, the primary action wherever a free graft is offered (the request
 * mail beside it is secondary), and whether someone requested it. `compact`: for a table row that
 * must fit, no icon, and the "requested" mark is a dot on the button rather than a badge beside it.
 * `size`: small in a list, larger on the graft's own page.
 */
export function RequestInAppButton({
  graft,
  compact = false,
  size = 'xs',
}: {
  graft: Graft;
  compact?: boolean;
  size?: 'xs' | 'sm';
}) {
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
  const button = (
    <Button
      size={size}
      variant="filled"
      // A table row has no room for the icon (the words say it), and its words break when the column is short of room.
      leftSection={compact ? undefined : <IconSend size={size === 'xs' ? 14 : 16} aria-hidden />}
      styles={compact ? wrappingLabel : undefined}
      onClick={open}
      aria-label={t('requests.inAppFor', { lot })}
      data-testid={`request-in-app-${lot}`}
    >
      {t('requests.inApp')}
    </Button>
  );
  if (compact) {
    return (
      <>
        <Indicator disabled={!isRequested} size={9} color="blue.9" offset={3}>
          {button}
        </Indicator>
        {isRequested && <VisuallyHidden data-testid={`requested-${lot}`}>{t('requests.requested')}</VisuallyHidden>}
      </>
    );
  }
  return (
    <>
      {button}
      {isRequested && (
        <Badge color="blue.9" variant="light" data-testid={`requested-${lot}`}>
          {t('requests.requested')}
        </Badge>
      )}
    </>
  );
}
