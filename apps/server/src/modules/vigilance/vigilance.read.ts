import {
  donationIdentification,
  type VigilanceListQuery,
  type VigilanceReport,
  type VigilanceReportPage,
} from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import type { Page } from '../../http/paging';
import { notFound } from '../../http/problem';
import type { Principal } from '../../identity/principal';
import { machineReads, type MachineReader } from '../../identity/machine';
import type { VigilanceDeps } from './vigilance.deps';
import { reportToWire } from './vigilance.mapper';
import { readScope, sideOf } from './vigilance.policy';
import * as repo from './vigilance.repository';

// Reading vigilance reports (docs/api.md "Vigilance"): a report the caller may not read does not exist for them.

/**
 * `GET /vigilance/reports`: the caller's reports, newest first, by state and bank; `show=open` the
 * open ones of the caller's banks (every bank's for admins and auditors), soonest deadline first,
 * as the bank's home counts them.
 */
export async function listReports(
  deps: VigilanceDeps,
  principal: Principal | null,
  query: VigilanceListQuery,
  page: Page,
): Promise<VigilanceReportPage> {
  const scope = readScope(principal);
  const openOf = query.show === 'open' ? ('all' in scope ? scope : { euteIds: scope.euteIds }) : undefined;
  const found = await repo.listReports(deps.db, scope, { state: query.state, bank: query.bank, openOf }, page);
  return { items: found.items.map(reportToWire), total: found.total };
}

/** `GET /vigilance/reports/{id}`. */
export async function getReport(
  deps: VigilanceDeps,
  principal: Principal | null,
  id: string,
): Promise<VigilanceReport> {
  const row = await repo.findReport(deps.db, id);
  sideOf(principal, row);
  return reportToWire(row!);
}

/**
 * A report with its graft's id and donation, for an export of it (the FHIR AdverseEvent): read as
 * the report is, or by an organisation's system for its bank's or clinic's reports. Others get 404.
 */
export async function reportForExport(
  deps: { db: Executor },
  reader: { principal: Principal | null } | MachineReader,
  id: string,
): Promise<{ report: VigilanceReport; graftId: string; donation: string | null }> {
  const row = await repo.findReport(deps.db, id);
  if ('machineOf' in reader) {
    if (!row || !machineReads(reader, row)) {
      throw notFound({ key: 'problem.vigilance.noReport' });
    }
  } else {
    sideOf(reader.principal, row);
  }
  return { report: reportToWire(row!), graftId: row!.graftId, donation: donationIdentification(row!.xSec) };
}
