import { GraftType, ListStatus, StepStatus, type Graft, type ProcessStep, type User } from '@graftmatch/domain';

const open: ProcessStep = { status: StepStatus.Open, outValue: null };

/** A free aortic valve of 22 mm; tests override what their story is about. */
export function aGraft(overrides: Partial<Graft> = {}): Graft {
  return {
    e_Lot: 'EL-0001',
    x_Lot: 'XL-0001',
    t_Lot: 'TL-0001',
    t_ProdName_2: GraftType.AorticValve,
    listStatus: ListStatus.Free,
    t_Dproximal: 22,
    t_Ddistal: 24,
    t_Lmin: 30,
    t_Lmax: 60,
    t_Lleft: null,
    t_Lright: null,
    t_Dleft: null,
    t_Dright: null,
    i_Min: null,
    i_Max: null,
    a_Implant_Plan: null,
    d_Remarks_public: null,
    x_Remarks_public: null,
    patient_Initial: null,
    patient_Month: null,
    patient_Year: null,
    physician_Name: null,
    physician_EMail: null,
    physician_Phone: null,
    processedUntil: null,
    a_Allo_Note: null,
    a_DeliverNote: null,
    x_SEC: null,
    stlFiles: [],
    fotoFiles: [],
    releaseStatementFiles: [],
    allocationNotificationFiles: [],
    deliveryNoteFiles: [],
    dicomFiles: [],
    decellularization: { status: StepStatus.Done, outValue: '2024-01-10' },
    release: { status: StepStatus.Done, outValue: '2024-02-01' },
    assignment: open,
    delivery: open,
    implantation: open,
    expiry: { status: StepStatus.Open, outValue: '2029-02-01' },
    traceabilityReport: open,
    e_Name: 'Gewebebank Nord',
    e_Eute: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d40',
    e_EMail: 'requests@bank.example',
    a_Requestor: null,
    c_Name: null,
    ...overrides,
  };
}

/** A physician of one clinic. */
export function aPhysician(overrides: Partial<User> = {}): User {
  return {
    id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
    title: 'Dr. med.',
    firstName: 'Jonas',
    lastName: 'Berg',
    active: true,
    email: 'dr.berg@clinic.example',
    phone: '+49 40 555 0311',
    audit: false,
    admin: false,
    clinics: [{ id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4f', c_Name: 'Herz & Gefäß – Nord' }],
    eutes: [],
    twoFactorTarget: 'dr.berg@clinic.example',
    language: 'en',
    ...overrides,
  };
}
