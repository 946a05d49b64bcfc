// Readable names of the fields a graft's history shows changed: a request's state and corrected steps,
// a file's kind and name, and an import's columns (spelled as in the import file, compared loosely).

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
};

/** The translation key of a field's name, or null to show it as stored. */
export function fieldLabelKey(field: string): string | null {
  return FIELD_KEYS[field.toLowerCase().replaceAll('_', '')] ?? null;
}
