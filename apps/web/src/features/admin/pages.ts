/** The admin area's pages, loaded together when the area is first opened. */
export { UsersPage } from './UsersPage';
export { ClinicsPage } from './ClinicsPage';
export { EutesPage } from './EutesPage';
export { AuditLogPage } from './AuditLogPage';
export { MailsPage } from './MailsPage';
