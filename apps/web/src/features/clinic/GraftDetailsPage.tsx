import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { ListStatus, StepStatus, type Graft } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMe, useReadOnly } from '../auth';
import { wrappingLabel } from '../../components/wrappingLabel';
import { GraftDetailsScreen } from '../grafts/GraftDetailsScreen';
import { RequestInAppButton } from '../requests';
import { GraftEventButton } from '../followups';
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

/** A Free graft's request, in the app and by mail (spec §4), for a physician who may write. */
function RequestActions({ graft }: { graft: Graft }) {
  const { t } = useTranslation();
  const me = useMe();
  const readOnly = useReadOnly();
  const mailto = graft.listStatus === ListStatus.Free && me.data && !readOnly ? requestMailto(graft, me.data, t) : null;
  // A graft implanted at the physician's clinic (only those reach this page implanted).
  if (graft.implantation.status === StepStatus.Done && !readOnly && (me.data?.clinics.length ?? 0) > 0) {
    return (
      <>
        <GraftEventButton lot={graft.e_Lot} />
        <ReportReactionButton lot={graft.e_Lot} kinds={['SAR']} />
      </>
    );
  }
  if (!mailto) {
    return null;
  }
  // The tracked request first and filled; the mail is secondary and says it is not tracked.
  return (
    <>
      <RequestInAppButton graft={graft} size="sm" />
      <Button
        component="a"
        href={mailto}
        variant="default"
        size="sm"
        leftSection={<IconMail size={16} aria-hidden />}
        styles={wrappingLabel}
        data-testid="request-link"
      >
        {t('request.button')}
      </Button>
    </>
  );
}
