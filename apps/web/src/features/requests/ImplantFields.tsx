import {
  PATIENT_CODE_PLACEHOLDER,
  parsePatientCode,
  patientPartProblems,
  localDay,
  stepDateProblem,
  type GraftRequest,
  type PatientCodePart,
  type PatientCodeParts,
  type PatientPartProblem,
  type StepDateProblem,
} from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../components/DayInput';
import { PatientCodeInput } from '../grafts/PatientCodeInput';

// The implant step's date and patient code, checked by the domain's rules before anything is sent
// (docs/decisions.md, "Clinical records"). "Today" is the clinic's local day, as on the server
// (docs/decisions.md, "Time zones").

export interface ImplantValue {
  date: string;
  patient: PatientCodeParts;
}

export interface ImplantProblems {
  date: StepDateProblem | null;
  patient: Partial<Record<PatientCodePart, PatientPartProblem>>;
}

/** The clinic's today and the linked entry's patient code, unless that is "not known yet". */
export function initialImplant(request: GraftRequest, now = new Date()): ImplantValue {
  const code = request.patient_Code === PATIENT_CODE_PLACEHOLDER ? null : parsePatientCode(request.patient_Code);
  return { date: localDay(now, request.clinicTimeZone), patient: code ?? { initial: null, month: null, year: null } };
}

export function implantProblems(value: ImplantValue, request: GraftRequest, now = new Date()): ImplantProblems {
  return {
    date: stepDateProblem(value.date, localDay(now, request.clinicTimeZone), request.deliveredOn),
    patient: patientPartProblems(value.patient),
  };
}

export const hasImplantProblems = (problems: ImplantProblems) =>
  problems.date !== null || Object.keys(problems.patient).length > 0;

interface Props {
  value: ImplantValue;
  onChange: (value: ImplantValue) => void;
  /** Shown once the physician tried to record. */
  problems: ImplantProblems | null;
  deliveredOn: string | null;
  /** The server's refusal of a field, by the field's wire name. */
  serverError?: ((field: string) => string | undefined) | undefined;
}

/** A step's date input with the domain's date rule as its inline error; also used by corrections. */
export function StepDateInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: StepDateProblem | null | undefined;
  earlier: string | null;
  later?: string | null;
  /** The server's refusal of the date, shown when the domain's rule has none. */
  serverError?: string | undefined;
}) {
  const { t } = useTranslation();
  const { problem } = props;
  return (
    <DayInput
      label={props.label}
      value={props.value || null}
      onChange={(day) => props.onChange(day ?? '')}
      error={
        problem
          ? t(`corrections.dateProblem.${problem}`, { earlier: props.earlier, later: props.later })
          : props.serverError
      }
      required
      data-testid="step-date"
    />
  );
}

export function ImplantFields({ value, onChange, problems, deliveredOn, serverError }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <StepDateInput
        label={t('requests.date')}
        value={value.date}
        onChange={(date) => onChange({ ...value, date })}
        problem={problems?.date}
        earlier={deliveredOn}
        serverError={serverError?.('date')}
      />
      <PatientCodeInput
        value={value.patient}
        onChange={(patient) => onChange({ ...value, patient })}
        partProblems={problems?.patient}
        error={serverError?.('patient_Code')}
      />
    </>
  );
}
