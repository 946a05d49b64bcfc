import { useParams } from 'react-router';
import { useReadOnly } from '../auth';
import { GraftDetailsScreen } from '../grafts/GraftDetailsScreen';
import { getDonation } from './api';
import { ReportReactionButton } from '../vigilance';
import { LabelButtons } from './LabelButtons';
import { euteKeys } from './keys';

/** `home/eute/donation/{lot}`: one of the bank's grafts, laid out as the clinic's graft details. */
export function DonationDetailsPage() {
  const { lot = '' } = useParams();
  // The bank's own graft: its employees upload and delete files here; auditors only read.
  const readOnly = useReadOnly();
  return (
    <>
      <LabelButtons lot={lot} />
      {!readOnly && <ReportReactionButton lot={lot} kinds={['SAR', 'SAE']} />}
      <GraftDetailsScreen
        lot={lot}
        queryKey={euteKeys.donation(lot)}
        load={getDonation}
        editable={!readOnly}
        // The bank's own graft (or an auditor's read): its whole history.
        history={() => true}
      />
    </>
  );
}
