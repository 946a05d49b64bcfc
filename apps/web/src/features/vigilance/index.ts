/** What other features use of vigilance: the report button on a graft's page, and the pages. */
export { ReportReactionButton, reportDraftSearch } from './ReportReactionButton';
export { VigilanceListPage } from './VigilanceListPage';
export { VigilanceReportPage } from './VigilanceReportPage';
export { vigilanceKeys } from './keys';
