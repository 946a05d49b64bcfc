import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/database';
import type { DB } from './db/types';
import type { AnswerCache } from './http/answer-cache';
import type { Mailer } from './mail/mailer';
import type { MailSealer } from './mail/sealed-body';
import type { PushPublisher } from './realtime/push-bus';
import { alertRoutes } from './modules/alerts/alerts.routes';
import type { AuditChainDeps } from './modules/audit/audit.checkpoints';
import { adminAuditChainRoutes } from './modules/audit/audit.routes';
import { adminAuditLogRoutes } from './modules/auditlog/auditlog.routes';
import type { AuthDeps } from './modules/auth/auth.deps';
import { authRoutes } from './modules/auth/auth.routes';
import { meRoutes } from './modules/auth/me.routes';
import { adminSignInSettingsRoutes, myPasskeyRoutes, passkeyLoginRoutes } from './modules/auth/passkeys.routes';
import type { SsoDeps } from './modules/auth/sso.deps';
import { adminSsoRoutes, ssoLoginRoutes } from './modules/auth/sso.routes';
import {
  adminDashboardRoutes,
  euteDashboardRoutes,
  physicianDashboardRoutes,
} from './modules/dashboards/dashboards.routes';
import type { DashboardsDeps } from './modules/dashboards/dashboards.service';
import { euteEmployeeRoutes } from './modules/donations/donations.routes';
import { fhirRoutes } from './modules/fhir/fhir.routes';
import { fhirSubscriptionRoutes } from './modules/fhirsubscriptions/subscriptions.routes';
import type { FilesDeps } from './modules/files/files.access';
import { fileRoutes, mediaRoutes } from './modules/files/files.routes';
import type { FileSweepStatus } from './modules/files/files.sweep';
import { bankFollowUpRoutes, physicianFollowUpRoutes } from './modules/followups/followups.routes';
import { graftCodeRoutes, physicianGraftRoutes } from './modules/grafts/grafts.routes';
import type { GraftsDeps } from './modules/grafts/grafts.service';
import { healthRoutes } from './modules/health/health.routes';
import { adminApiKeyRoutes } from './modules/imports/apikeys.routes';
import { exportRoutes, importTemplateRoutes } from './modules/imports/imports.export.routes';
import { importRoutes, lastImportLogRoutes } from './modules/imports/imports.routes';
import type { ImportDeps } from './modules/imports/imports.service';
import { adminMailRoutes } from './modules/mails/mails.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { adminReminderSettingsRoutes } from './modules/organisations/organisations.reminders.routes';
import { adminOrganisationRoutes } from './modules/organisations/organisations.routes';
import { adminOutcomeRoutes, bankOutcomeRoutes } from './modules/outcomes/outcomes.routes';
import { requestCorrectionRoutes } from './modules/requests/requests.corrections.routes';
import { bankRequestRoutes, physicianRequestRoutes } from './modules/requests/requests.routes';
import type { RequestsDeps } from './modules/requests/requests.service';
import { createKeySets } from './modules/systemclients/system-clients.keys';
import {
  adminSystemClientRoutes,
  smartConfigurationRoutes,
  systemTokenRoutes,
} from './modules/systemclients/system-clients.routes';
import { adminTestAlertRoutes } from './modules/testalert/test-alert.routes';
import { myAccountRoutes } from './modules/users/settings.routes';
import { adminUserRoutes } from './modules/users/users.routes';
import { vigilanceRoutes } from './modules/vigilance/vigilance.routes';
import { physicianWaitingListRoutes } from './modules/waitinglist/waitinglist.routes';
import type { WaitingListDeps } from './modules/waitinglist/waitinglist.service';

// Every feature's routes, one line each: a feature adds its routes here and picks what it is built
// with from the shared context that buildApp (app.ts) makes once (docs/architecture.md "Plugins").

/** The clinical routes' services: search statements, fit counts, push and the answer cache. */
type ClinicalDeps = GraftsDeps & WaitingListDeps & { answers: AnswerCache };

/** What the features are built with, made once for all of them. */
export interface FeatureContext {
  database: Database;
  /** The database and the clock: all most services need. */
  core: { db: Kysely<DB>; now: () => Date };
  log: FastifyBaseLogger;
  publicUrl: string;
  auth: AuthDeps;
  /** The auth deps with single sign-on's sealing key and discovered providers. */
  sso: SsoDeps;
  secureCookies: boolean;
  mailer: Mailer;
  sealer: MailSealer;
  vapidPublicKey: string;
  fileSweep: FileSweepStatus;
  push: PushPublisher;
  /** Users with a push connection to this instance, and the connections. */
  connectedUsers: () => number;
  pushConnections: () => number;
  auditChain: AuditChainDeps;
  clinical: ClinicalDeps;
  files: ClinicalDeps & FilesDeps;
  imports: ClinicalDeps & ImportDeps;
  requests: ClinicalDeps & ImportDeps & RequestsDeps;
  homes: ClinicalDeps & DashboardsDeps;
}

interface Feature {
  register(app: FastifyInstance, context: FeatureContext): Promise<void>;
}

/** The system clients' routes: the token endpoint reads the clients' key sets, each kept once it was read. */
const systemClients = (c: FeatureContext) => ({
  deps: { ...c.core, publicUrl: c.publicUrl, keySets: createKeySets() },
});

/** A FHIR base's deps: the CapabilityStatement and topics are dated by the server's start. */
const fhirDeps = (c: FeatureContext) => ({ ...c.core, publicUrl: c.publicUrl, startedAt: c.core.now().toISOString() });

/** Routes under `prefix`, with the options they take picked from the context. */
function routes<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsyncTypebox<Options>,
  prefix: string,
  options: (context: FeatureContext) => Options,
): Feature {
  return {
    async register(app, context) {
      await app.register(plugin, { prefix, ...options(context) });
    },
  };
}

const FEATURES: readonly Feature[] = [
  routes(healthRoutes, '/api', (c) => ({ database: c.database, files: c.fileSweep })),
  routes(authRoutes, '/api/auth', (c) => ({ deps: c.auth, secureCookies: c.secureCookies })),
  routes(passkeyLoginRoutes, '/api/auth', (c) => ({ deps: c.auth, secureCookies: c.secureCookies })),
  routes(ssoLoginRoutes, '/api/auth', (c) => ({ deps: c.sso, secureCookies: c.secureCookies })),
  routes(meRoutes, '/api/users', (c) => ({ deps: c.auth, sso: c.sso, secureCookies: c.secureCookies })),
  routes(myPasskeyRoutes, '/api/users', (c) => ({ deps: c.auth })),
  routes(adminSignInSettingsRoutes, '/api/admin', (c) => ({ deps: c.auth })),
  routes(adminSsoRoutes, '/api/admin', (c) => ({ deps: c.sso })),
  routes(myAccountRoutes, '/api/users', (c) => ({ deps: c.core })),
  routes(adminUserRoutes, '/api/admin', (c) => ({ deps: { ...c.core, auth: c.auth, log: c.log } })),
  routes(alertRoutes, '/api', (c) => ({ deps: { ...c.core, sealer: c.sealer, vapidPublicKey: c.vapidPublicKey } })),
  routes(physicianGraftRoutes, '/api/physician', (c) => ({ deps: c.clinical })),
  routes(graftCodeRoutes, '/api/grafts', (c) => ({ deps: c.clinical })),
  routes(physicianWaitingListRoutes, '/api/physician', (c) => ({ deps: c.clinical })),
  routes(euteEmployeeRoutes, '/api/euteemployee', (c) => ({ deps: c.clinical })),
  routes(fileRoutes, '/api/file', (c) => ({ deps: c.files })),
  routes(mediaRoutes, '/api/media', (c) => ({ deps: c.files })),
  routes(adminOrganisationRoutes, '/api/admin', (c) => ({ deps: c.core })),
  routes(adminReminderSettingsRoutes, '/api/admin', (c) => ({ deps: c.core })),
  routes(adminAuditLogRoutes, '/api/admin', (c) => ({ deps: c.core })),
  routes(adminAuditChainRoutes, '/api/admin', (c) => ({ deps: c.auditChain })),
  routes(adminMailRoutes, '/api/admin', (c) => ({ deps: { ...c.core, mailer: c.mailer } })),
  routes(adminTestAlertRoutes, '/api/admin', (c) => ({
    deps: { ...c.core, push: c.push, connectedUsers: c.connectedUsers },
  })),
  routes(notificationRoutes, '/api/notifications', (c) => ({ deps: c.core })),
  routes(adminApiKeyRoutes, '/api/admin', (c) => ({ deps: c.core })),
  routes(importRoutes, '/api/import', (c) => ({ deps: c.imports })),
  routes(lastImportLogRoutes, '/api/file', (c) => ({ deps: c.imports })),
  routes(importTemplateRoutes, '/api/import', () => ({})),
  routes(exportRoutes, '/api/euteemployee', (c) => ({ deps: c.clinical })),
  routes(physicianRequestRoutes, '/api/physician', (c) => ({ deps: c.requests })),
  routes(bankRequestRoutes, '/api/euteemployee', (c) => ({ deps: c.requests })),
  routes(requestCorrectionRoutes, '/api/requests', (c) => ({ deps: c.requests })),
  routes(vigilanceRoutes, '/api/vigilance', (c) => ({ deps: c.requests })),
  routes(physicianFollowUpRoutes, '/api/physician', (c) => ({ deps: c.requests })),
  routes(bankFollowUpRoutes, '/api/euteemployee', (c) => ({ deps: c.requests })),
  routes(bankOutcomeRoutes, '/api/euteemployee', (c) => ({ deps: c.clinical })),
  routes(adminOutcomeRoutes, '/api/admin', (c) => ({ deps: c.clinical })),
  routes(adminSystemClientRoutes, '/api/admin', systemClients),
  routes(systemTokenRoutes, '/api/fhir', systemClients),
  routes(smartConfigurationRoutes, '/api/fhir/R5', systemClients),
  routes(smartConfigurationRoutes, '/api/fhir/R4', (c) => ({ ...systemClients(c), version: 'R4' as const })),
  routes(fhirRoutes, '/api/fhir/R5', (c) => ({ deps: fhirDeps(c), version: 'R5' as const })),
  routes(fhirRoutes, '/api/fhir/R4', (c) => ({ deps: fhirDeps(c), version: 'R4' as const })),
  routes(fhirSubscriptionRoutes, '/api/fhir/R5', (c) => ({ deps: fhirDeps(c), version: 'R5' as const })),
  routes(fhirSubscriptionRoutes, '/api/fhir/R4', (c) => ({ deps: fhirDeps(c), version: 'R4' as const })),
  routes(physicianDashboardRoutes, '/api/physician', (c) => ({ deps: c.homes })),
  routes(euteDashboardRoutes, '/api/euteemployee', (c) => ({ deps: c.homes })),
  routes(adminDashboardRoutes, '/api/admin', (c) => ({
    deps: {
      ...c.core,
      answers: c.homes.answers,
      database: c.database,
      files: c.fileSweep,
      pushConnections: c.pushConnections,
    },
  })),
];

/** Registers every feature's routes, in the list's order. */
export async function registerFeatures(app: FastifyInstance, context: FeatureContext): Promise<void> {
  for (const feature of FEATURES) {
    await feature.register(app, context);
  }
}
