import { ActionIcon, Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getMyUser, meKey } from '../auth';
import { getGraft } from './api';
import { clinicKeys } from './keys';
import { requestMailto } from './requestMail';
import { notify } from '../../components/notify';
import { wrappingLabel } from '../../components/wrappingLabel';

/** Opens a mail program for the navigation; a seam so tests can watch it. */
export const mailOpener = {
  open(href: string) {
    window.location.href = href;
  },
};

/**
 * Request by mail (spec §4): loads the graft's details first, so the mail goes to the current contact
 * of its tissue bank, then opens the prefilled mail. Secondary to the request in the app, which the
 * bank's inbox tracks; it says that it is not tracked. `compact`: an icon (named for screen readers
 * and on hover), for a table row that must fit.
 */
export function RequestButton({ lot, compact = false }: { lot: string; compact?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const request = useMutation({
    mutationFn: () =>
      Promise.all([
        queryClient.fetchQuery({ queryKey: clinicKeys.graft(lot), queryFn: () => getGraft(lot), staleTime: 0 }),
        queryClient.ensureQueryData({ queryKey: meKey, queryFn: getMyUser }),
      ]),
    onSuccess: ([graft, user]) => {
      const href = requestMailto(graft, user, t);
      if (href) {
        mailOpener.open(href);
      } else {
        notify('warning', t('request.noContact'));
      }
    },
  });
  const common = {
    onClick: () => request.mutate(),
    loading: request.isPending,
    'aria-label': t('request.buttonFor', { lot }),
    'data-testid': `request-${lot}`,
  };
  if (compact) {
    return (
      <ActionIcon size={30} variant="subtle" title={t('request.button')} {...common}>
        <IconMail size={16} aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <Button
      size="xs"
      variant="subtle"
      leftSection={<IconMail size={14} aria-hidden />}
      styles={wrappingLabel}
      {...common}
    >
      {t('request.button')}
    </Button>
  );
}
