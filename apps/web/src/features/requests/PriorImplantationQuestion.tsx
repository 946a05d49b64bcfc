import { Alert, Textarea } from '@mantine/core';
import { CreateGraftRequestRequest, maxLengthOf } from '@graftmatch/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';

// One implantation per patient (docs/decisions.md): the server refused a request, entry or
// reservation because the patient received a graft of the same type within 90 days. The form asks
// whether to go on anyway and why; sent again with the reason, which the server audits.

/** Whether a failed write asks for the acknowledgement. */
export const asksPriorImplantation = (error: unknown) => isApiError(error) && error.priorImplantation !== null;

/** The question and its reason field for such a refusal (the form shows any other itself). */
export function PriorImplantationQuestion(props: {
  error: unknown;
  reason: string;
  onReason: (reason: string) => void;
  /** The question's verb: "Request anyway?", "Add anyway?", "Reserve anyway?". */
  question: 'request' | 'entry' | 'reserve';
}) {
  const { t } = useTranslation();
  const { error } = props;
  if (!isApiError(error) || error.priorImplantation === null) {
    return null;
  }
  const { lot, implantedOn } = error.priorImplantation;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle aria-hidden />}
      title={t(`priorImplantation.${props.question}`, { lot, date: implantedOn })}
      role="alert"
      data-testid="prior-implantation"
    >
      <Textarea
        label={t('priorImplantation.reason')}
        description={t('priorImplantation.audited')}
        value={props.reason}
        onChange={(event) => props.onReason(event.currentTarget.value)}
        required
        maxLength={maxLengthOf(CreateGraftRequestRequest, 'priorImplantationReason')}
        data-testid="prior-implantation-reason"
      />
    </Alert>
  );
}
