import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { ListStatus, StepStatus, type Graft } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMe, useReadOnly } from '../auth';
import { GraftDetailsScreen } from '../grafts/GraftDetailsScreen';
import { RequestInAppButton } from '../requests';
import { ReportReactionButton } from '../vigilance';
import { getGraft } from './api';
import { clinicKeys } from './keys';
import { requestMailto } from './requestMail';

/** `home/clinic/graft/{lot}`: everything a physician may know about one graft. */
export function GraftDetailsPage() {
  const { lot = '' } = useParams();
  const me = useMe();
  return (
    <GraftDetailsScreen
      lot={lot}
      queryKey={clinicKeys.graft(lot)}
      load={getGraft}
      editable={me.data?.admin ?? false}
      actions={(graft) => <RequestActions graft={graft} />}
      // Physicians read the history of their clinics' grafts; a graft not Free here is one of those.
      history={(graft) => Boolean(me.data?.admin || me.data?.audit) || graft.listStatus !== ListStatus.Free}
    />
  );
}

/** A Free graft's request, by mail (spec §4) and in the app, for a physician who may write. */
function RequestActions({ graft }: { graft: Graft }) {
  const { t } = useTranslation();
  const me = useMe();
  const readOnly = useReadOnly();
  const mailto = graft.listStatus === ListStatus.Free && me.data && !readOnly ? requestMailto(graft, me.data, t) : null;
  // A graft implanted at the physician's clinic (only those reach this page implanted).
  if (graft.implantation.status === StepStatus.Done && !readOnly && (me.data?.clinics.length ?? 0) > 0) {
    return <ReportReactionButton lot={graft.e_Lot} kinds={['SAR']} />;
  }
  if (!mailto) {
    return null;
  }
  return (
    <>
      <Button component="a" href={mailto} leftSection={<IconMail size={16} aria-hidden />} data-testid="request-link">
        {t('request.button')}
      </Button>
      <RequestInAppButton graft={graft} />
    </>
  );
}
