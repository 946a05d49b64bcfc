import { useState } from 'react';
import { ActionIcon, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconScan } from '@tabler/icons-react';
import { webPaths, type Graft, type User } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormMutation } from '../../lib/useFormMutation';
import { areasOf, useMe } from '../auth';
import { graftCodeProblem, ScanField } from './ScanField';
import { ScanRefusal } from './ScanRefusal';
import { findGraftByCode } from './api';

// Find by scan, in the header: the code on a package opens the graft, for physicians its details,
// for the bank's employees their donation.

/** The bank's own graft opens as its donation; any other as the physician's graft details. */
export function scannedGraftPath(graft: Graft, user: User): string {
  const ownBank = user.eutes.some((eute) => eute.id === graft.e_Eute);
  return ownBank || user.clinics.length === 0 ? webPaths.euteDonation(graft.e_Lot) : webPaths.clinicGraft(graft.e_Lot);
}

function FindByScan({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const find = useFormMutation({
    labels: { code: t('scan.findLabel') },
    mutationFn: (text: string) => findGraftByCode(text),
    onSuccess: (graft) => {
      onDone();
      void navigate(scannedGraftPath(graft, user));
    },
  });
  const send = (text: string) => {
    if (text.trim() !== '' && graftCodeProblem(text) === null) {
      find.mutate(text);
    }
  };
  return (
    <Stack gap="sm">
      <ScanField
        label={t('scan.findLabel')}
        value={code}
        onChange={(value) => {
          setCode(value);
          find.reset();
        }}
        onSubmit={send}
        cameraFirst
        error={find.fieldError('code')}
      />
      {find.isError && <ScanRefusal form={find} />}
    </Stack>
  );
}

export function ScanButton() {
  const { t } = useTranslation();
  const me = useMe();
  const user = me.data;
  if (!user) {
    return null;
  }
  const areas = areasOf(user);
  if (!areas.clinic && !areas.eute) {
    return null;
  }
  const open = () => {
    const id = modals.open({
      title: t('scan.findTitle'),
      children: <FindByScan user={user} onDone={() => modals.close(id)} />,
    });
  };
  return (
    <ActionIcon variant="subtle" size="md" onClick={open} aria-label={t('scan.findTitle')} data-testid="scan-find">
      <IconScan size={18} aria-hidden />
    </ActionIcon>
  );
}
