import { GraftType } from '../constants/graft-types';
import { ListStatus } from '../constants/list-status';
import { StepStatus } from '../constants/process-steps';
import type { Graft, ProcessStep } from '../schemas/graft';

const open: ProcessStep = { status: StepStatus.Open, outValue: null };

/** A released, free aortic valve of 22 mm; tests override what their story is about. */
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
    traceabilityReportFiles: [],
    vigilanceReportFiles: [],
    decellularization: { status: StepStatus.Done, outValue: '2021-01-10' },
    release: { status: StepStatus.Done, outValue: '2021-02-01' },
    assignment: open,
    delivery: open,
    implantation: open,
    expiry: { status: StepStatus.Open, outValue: '2026-01-31' },
    traceabilityReport: open,
    e_Name: 'Tissue Bank Hannover',
    e_Eute: '5d2c7a10-8b3e-4f61-9c42-1a2b3c4d5e6f',
    e_EMail: 'bank@eute.example',
    a_Requestor: null,
    c_Name: null,
    ...overrides,
  };
}
