import type {
  CreateVigilanceReportRequest,
  Lookback,
  UpdateVigilanceReportRequest,
  VigilanceListQuery,
  VigilanceReport,
  VigilanceReportPage,
} from '@graftmatch/domain';
import { call } from '../../api/call';

export const createReport = (body: CreateVigilanceReportRequest): Promise<VigilanceReport> =>
  call('POST /vigilance/reports', { body });

export const listReports = (query: VigilanceListQuery): Promise<VigilanceReportPage> =>
  call('GET /vigilance/reports', { query });

export const getReport = (id: string): Promise<VigilanceReport> =>
  call('GET /vigilance/reports/{id}', { params: { id } });

export const patchReport = (id: string, body: UpdateVigilanceReportRequest): Promise<VigilanceReport> =>
  call('PATCH /vigilance/reports/{id}', { params: { id }, body });

export const submitNotification = (id: string): Promise<VigilanceReport> =>
  call('POST /vigilance/reports/{id}/submit-notification', { params: { id }, body: {} });

export const confirmReport = (id: string): Promise<VigilanceReport> =>
  call('POST /vigilance/reports/{id}/confirm', { params: { id }, body: {} });

export const quarantineDonation = (id: string): Promise<VigilanceReport> =>
  call('POST /vigilance/reports/{id}/quarantine', { params: { id }, body: {} });

export const liftQuarantine = (id: string, reason: string): Promise<VigilanceReport> =>
  call('POST /vigilance/reports/{id}/lift-quarantine', { params: { id }, body: { reason } });

export const getLookback = (id: string): Promise<Lookback> =>
  call('GET /vigilance/reports/{id}/lookback', { params: { id } });
