import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getMyUser, meKey } from '../auth';
import { getGraft } from './api';
import { clinicKeys } from './keys';
import { requestMailto } from './requestMail';
import { notify } from '../../components/notify';

/** Opens a mail program for the navigation; a seam so tests can watch it. */
export const mailOpener = {
  open(href: string) {
    window.location.href = href;
  },
};

/**
 * Request (spec §4): loads the graft's details first, so the mail goes to the current contact
 * of its tissue bank, then opens the prefilled mail.
 */
export function RequestButton({ lot }: { lot: string }) {
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
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconMail size={14} aria-hidden />}
      onClick={() => request.mutate()}
      loading={request.isPending}
      aria-label={t('request.buttonFor', { lot })}
      data-testid={`request-${lot}`}
    >
      {t('request.button')}
    </Button>
  );
}
