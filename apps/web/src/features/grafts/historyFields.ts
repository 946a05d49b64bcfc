import { PROCESS_STEP_NAMES } from '@graftmatch/domain';
import type { TFunction } from 'i18next';
import { showDateTime } from '../../i18n/format';

// Readable names and values of the fields a graft's history shows changed: a request's state, receipt
// and corrected steps, a file's kind and name, and an import's columns (spelled as in the import file,
// compared loosely), each in the reader's language; instants in the reader's time.

const FIELD_KEYS: Readonly<Record<string, string>> = {
  state: 'history.fields.state',
  kind: 'history.fields.kind',
  name: 'history.fields.name',
  sec: 'graft.sec',
  xsec: 'graft.sec',
  elot: 'graft.lot',
  xlot: 'graft.xLot',
  tlot: 'graft.tLot',
  tdproximal: 'graft.dProximal',
  tddistal: 'graft.dDistal',
  tdleft: 'graft.dLeft',
  tdright: 'graft.dRight',
  tlmin: 'graft.lMin',
  tlmax: 'graft.lMax',
  tlleft: 'graft.lLeft',
  tlright: 'graft.lRight',
  expirydate: 'graft.expiry',
  expiryout: 'graft.expiry',
  dremarkspublic: 'graft.remarksDonor',
  xremarkspublic: 'graft.remarksProcessing',
  aimplantplan: 'graft.implantPlan',
  tprodname2: 'graft.type',
  physicianname: 'graft.physician',
  physicianemail: 'graft.physicianEmail',
  physicianphone: 'graft.physicianPhone',
  processeduntil: 'graft.processedUntil',
  ename: 'graft.tissueBank',
  eemail: 'graft.contact',
  arequestor: 'graft.requestor',
  cname: 'graft.clinic',
  imin: 'graft.implantWindow',
  imax: 'graft.implantWindow',
  assignedon: 'corrections.fields.assignedOn',
  deliveredon: 'corrections.fields.deliveredOn',
  implantedon: 'corrections.fields.implantedOn',
  patientcode: 'corrections.fields.patient_Code',
  reason: 'corrections.fields.reason',
  receivedat: 'history.fields.receivedAt',
  deadline: 'history.fields.deadline',
  note: 'history.fields.note',
  aallonote: 'history.fields.allocationNote',
  adelivernote: 'history.fields.deliveryNote',
  patientinitial: 'history.fields.patientInitial',
  patientmonth: 'history.fields.patientMonth',
  patientyear: 'history.fields.patientYear',
};

/** The translation key of a field's name, or null to show it as stored. */
export function fieldLabelKey(field: string): string | null {
  return FIELD_KEYS[field.toLowerCase().replaceAll('_', '')] ?? null;
}

const isStep = (name: string): name is (typeof PROCESS_STEP_NAMES)[number] =>
  (PROCESS_STEP_NAMES as readonly string[]).includes(name);

/** A field's name in the reader's language; an import's `<step>.status` or `.outValue` by the step's name. */
export function fieldLabel(t: TFunction, field: string): string {
  const key = fieldLabelKey(field);
  if (key) {
    return t(key);
  }
  const [step = '', part] = field.split('.');
  if (isStep(step) && (part === 'status' || part === 'outValue')) {
    return t(`history.stepField.${part}`, { step: t(`steps.${step}`) });
  }
  return field;
}

/** An ISO instant as the audit rows hold them (a receipt's time, a reservation's end). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A changed value in words: a request's state, a kind of file, a step's status; an instant in local time. */
export function valueText(t: TFunction, field: string, value: string | null): string {
  if (value === null) {
    return '–';
  }
  if (field === 'state') {
    return t(`requests.state.${value}`, { defaultValue: value });
  }
  if (field === 'kind') {
    return t(`history.kinds.${value}`, { defaultValue: value });
  }
  if (field.endsWith('.status')) {
    return t(`stepStatus.${value}`, { defaultValue: value });
  }
  return INSTANT.test(value) ? showDateTime(value) : value;
}
