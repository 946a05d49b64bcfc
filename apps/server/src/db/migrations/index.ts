import type { Migration } from 'kysely';
import * as initial from './2026-11-21-initial';
import * as organisationNames from './2026-11-23-organisation-names';
import * as tissueBankImports from './2026-11-23-tissue-bank-imports';
import * as uniqueFileNames from './2026-11-23-unique-file-names';
import * as versionsAndSearchIndex from './2026-11-23-versions-and-search-index';
import * as requests from './2026-11-24-requests';
import * as waitingListVersion from './2026-11-24-waiting-list-version';
import * as filePerGraftNames from './2026-11-26-file-names-per-graft';
import * as filesFolder from './2026-11-26-files-folder';
import * as importBankContact from './2026-11-26-import-bank-contact';
import * as mailOutbox from './2026-11-26-mail-outbox';
import * as tamperEvidentAudit from './2026-11-26-tamper-evident-audit';
import * as graftReceipt from './2026-11-27-graft-receipt';
import * as graftsBankLotIndex from './2026-11-27-grafts-bank-lot-index';
import * as jobsAndReminders from './2026-11-27-jobs-and-reminders';
import * as notifications from './2026-11-27-notifications';
import * as userDismissedHints from './2026-11-27-user-dismissed-hints';
import * as vigilance from './2026-11-28-vigilance';
import * as matchesSeen from './2026-11-28-matches-seen';
import * as vigilanceBankSettings from './2026-11-29-vigilance-bank-settings';
import * as unknownLoginAttempts from './2026-11-29-unknown-login-attempts';
import * as jobRuns from './2026-11-29-job-runs';
import * as quarantineReport from './2026-12-01-quarantine-report';
import * as timeZones from './2026-12-01-time-zones';
import * as documentRecords from './2026-12-02-document-records';
import * as implantationAndDeliveryFacts from './2026-12-02-implantation-and-delivery-facts';
import * as alerts from './2026-12-03-alerts';
import * as bankResponseHours from './2026-12-03-bank-response-hours';
import * as followups from './2026-12-04-followups';
import * as passkeys from './2026-12-05-passkeys';
import * as followupsVersions from './2026-12-06-followups-versions';
import * as sso from './2026-12-07-sso';
import * as systemClients from './2026-12-08-system-clients';
import * as fhirSubscriptions from './2026-12-09-fhir-subscriptions';
import * as activityVersion from './2026-12-10-activity-version';

// Listed by name; Kysely applies them in name order, so names start with their date.
export const migrations: Record<string, Migration> = {
  '2026-11-21-initial': initial,
  '2026-11-23-organisation-names': organisationNames,
  '2026-11-23-tissue-bank-imports': tissueBankImports,
  '2026-11-23-unique-file-names': uniqueFileNames,
  '2026-11-23-versions-and-search-index': versionsAndSearchIndex,
  '2026-11-24-requests': requests,
  '2026-11-24-waiting-list-version': waitingListVersion,
  '2026-11-26-file-names-per-graft': filePerGraftNames,
  '2026-11-26-files-folder': filesFolder,
  '2026-11-26-import-bank-contact': importBankContact,
  '2026-11-26-mail-outbox': mailOutbox,
  '2026-11-26-tamper-evident-audit': tamperEvidentAudit,
  '2026-11-27-graft-receipt': graftReceipt,
  '2026-11-27-grafts-bank-lot-index': graftsBankLotIndex,
  '2026-11-27-jobs-and-reminders': jobsAndReminders,
  '2026-11-27-notifications': notifications,
  '2026-11-27-user-dismissed-hints': userDismissedHints,
  '2026-11-28-vigilance': vigilance,
  '2026-11-28-matches-seen': matchesSeen,
  '2026-11-29-vigilance-bank-settings': vigilanceBankSettings,
  '2026-11-29-unknown-login-attempts': unknownLoginAttempts,
  '2026-11-29-job-runs': jobRuns,
  '2026-12-01-quarantine-report': quarantineReport,
  '2026-12-01-time-zones': timeZones,
  '2026-12-02-document-records': documentRecords,
  '2026-12-02-implantation-and-delivery-facts': implantationAndDeliveryFacts,
  '2026-12-03-alerts': alerts,
  '2026-12-03-bank-response-hours': bankResponseHours,
  '2026-12-04-followups': followups,
  '2026-12-05-passkeys': passkeys,
  '2026-12-06-followups-versions': followupsVersions,
  '2026-12-07-sso': sso,
  '2026-12-08-system-clients': systemClients,
  '2026-12-09-fhir-subscriptions': fhirSubscriptions,
  '2026-12-10-activity-version': activityVersion,
};
