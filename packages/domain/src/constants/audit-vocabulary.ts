import type { Language } from '../schemas/enums';

// The audit log's vocabulary (docs/security.md, "Audit log"): every action and every kind of target the
// server writes, each with its words in both languages, so a reader (the admins' audit log, a graft's
// history) shows words rather than codes. The server's audit rows take only these names.

type Words = Readonly<Record<Language, string>>;

/** What an audit row is about; one spelling each (camelCase). */
export const AUDIT_TARGET_TYPES = {
  user: { en: 'User', de: 'Benutzer' },
  session: { en: 'Session', de: 'Sitzung' },
  clinic: { en: 'Clinic', de: 'Klinik' },
  eute: { en: 'Tissue bank', de: 'Gewebebank' },
  euteApiKey: { en: 'API key of a tissue bank', de: 'API-Schlüssel einer Gewebebank' },
  systemClient: { en: 'System client (FHIR)', de: 'Systemzugang (FHIR)' },
  fhirSubscription: { en: 'FHIR subscription', de: 'FHIR-Abonnement' },
  graft: { en: 'Graft', de: 'Graft' },
  graftFile: { en: 'File of a graft', de: 'Datei eines Grafts' },
  graftRequest: { en: 'Graft request', de: 'Anfrage eines Grafts' },
  waitingListEntry: { en: 'Waiting-list entry', de: 'Wartelisteneintrag' },
  vigilanceReport: { en: 'Vigilance report', de: 'Vigilanzmeldung' },
  followUp: { en: 'Follow-up', de: 'Nachsorge' },
  passkey: { en: 'Passkey', de: 'Passkey' },
  setting: { en: 'Setting', de: 'Einstellung' },
  importLog: { en: 'Import', de: 'Import' },
  mail: { en: 'Mail', de: 'Mail' },
  database: { en: 'Database', de: 'Datenbank' },
} as const satisfies Record<string, Words>;
export type AuditTargetType = keyof typeof AUDIT_TARGET_TYPES;
export const AUDIT_TARGET_TYPE_NAMES = Object.keys(AUDIT_TARGET_TYPES) as AuditTargetType[];

/**
 * Spellings of target types in rows written before there was one list. The rows stay as written, since
 * each is sealed in the audit hash chain (docs/decisions.md, "Audit vocabulary"); readers map them.
 */
const LEGACY_TARGET_TYPES: Readonly<Record<string, AuditTargetType>> = {
  waitinglist: 'waitingListEntry',
  eute_api_key: 'euteApiKey',
  import_log: 'importLog',
};

/** What happened; a dotted name, the first part the kind of thing it happened to. */
export const AUDIT_ACTIONS = {
  'auth.login.success': { en: 'Logged in', de: 'Angemeldet' },
  'auth.login.failure': { en: 'Login failed', de: 'Anmeldung fehlgeschlagen' },
  'auth.twofactor.failure': { en: 'Wrong PIN', de: 'Falsche PIN' },
  'auth.lockout': { en: 'Account locked for a while', de: 'Konto vorübergehend gesperrt' },
  'auth.logout': { en: 'Logged out', de: 'Abgemeldet' },
  'auth.refresh.reuse': { en: 'Reused session token refused', de: 'Wiederverwendetes Sitzungstoken abgewiesen' },
  'auth.session.end': { en: 'Session ended', de: 'Sitzung beendet' },
  'auth.password.change': { en: 'Password changed', de: 'Passwort geändert' },
  'auth.password.change.failure': { en: 'Password change failed', de: 'Passwortänderung fehlgeschlagen' },
  'auth.recovery.request': { en: 'Password reset asked for', de: 'Passwort-Zurücksetzen angefordert' },
  'auth.recovery.complete': { en: 'Password reset', de: 'Passwort zurückgesetzt' },
  'auth.invitation.send': { en: 'Invitation sent', de: 'Einladung gesendet' },
  'auth.invitation.accept': { en: 'Invitation accepted', de: 'Einladung angenommen' },
  'auth.passkey.add': { en: 'Passkey added', de: 'Passkey hinzugefügt' },
  'auth.passkey.rename': { en: 'Passkey renamed', de: 'Passkey umbenannt' },
  'auth.passkey.remove': { en: 'Passkey removed', de: 'Passkey entfernt' },
  'auth.passkey.failure': { en: 'Passkey sign-in refused', de: 'Anmeldung mit Passkey abgewiesen' },
  'auth.sso.failure': { en: 'Single sign-on refused', de: 'Single Sign-on abgewiesen' },
  'sso.configure': {
    en: 'Single sign-on of an organisation set up or changed',
    de: 'Single Sign-on einer Organisation eingerichtet oder geändert',
  },
  'sso.remove': { en: 'Single sign-on of an organisation removed', de: 'Single Sign-on einer Organisation entfernt' },
  'settings.signin': { en: 'Sign-in rules changed', de: 'Anmelderegeln geändert' },
  'user.create': { en: 'Administrator created', de: 'Administrator angelegt' },
  'user.add': { en: 'User added', de: 'Benutzer hinzugefügt' },
  'user.provision': {
    en: 'User created at the first single sign-on',
    de: 'Benutzer bei der ersten Anmeldung per Single Sign-on angelegt',
  },
  'user.update': { en: 'User changed', de: 'Benutzer geändert' },
  'user.activate': { en: 'User activated', de: 'Benutzer aktiviert' },
  'user.deactivate': { en: 'User deactivated', de: 'Benutzer deaktiviert' },
  'user.sessions.end': { en: 'All sessions of a user ended', de: 'Alle Sitzungen eines Benutzers beendet' },
  'user.settings.update': { en: 'Settings changed', de: 'Einstellungen geändert' },
  'user.alerts.update': { en: 'Alert channels changed', de: 'Benachrichtigungswege geändert' },
  'user.pushdevice.add': { en: 'Device added for push', de: 'Gerät für Push hinzugefügt' },
  'user.pushdevice.remove': { en: 'Device removed from push', de: 'Gerät von Push entfernt' },
  'clinic.add': { en: 'Clinic added', de: 'Klinik hinzugefügt' },
  'clinic.update': { en: 'Clinic changed', de: 'Klinik geändert' },
  'clinic.activate': { en: 'Clinic activated', de: 'Klinik aktiviert' },
  'clinic.deactivate': { en: 'Clinic deactivated', de: 'Klinik deaktiviert' },
  'eute.add': { en: 'Tissue bank added', de: 'Gewebebank hinzugefügt' },
  'eute.update': { en: 'Tissue bank changed', de: 'Gewebebank geändert' },
  'eute.activate': { en: 'Tissue bank activated', de: 'Gewebebank aktiviert' },
  'eute.deactivate': { en: 'Tissue bank deactivated', de: 'Gewebebank deaktiviert' },
  'eute.leadtime': { en: 'Lead time set', de: 'Vorlaufzeit festgelegt' },
  'eute.reminders': { en: 'Reminder thresholds set', de: 'Erinnerungsschwellen festgelegt' },
  'apikey.create': { en: 'API key created', de: 'API-Schlüssel erstellt' },
  'apikey.revoke': { en: 'API key revoked', de: 'API-Schlüssel widerrufen' },
  'apikey.use': { en: 'API key used', de: 'API-Schlüssel verwendet' },
  'systemclient.create': { en: 'System client registered', de: 'Systemzugang registriert' },
  'systemclient.revoke': { en: 'System client revoked', de: 'Systemzugang widerrufen' },
  'systemclient.token': {
    en: 'Access token issued to a system client',
    de: 'Zugriffstoken an Systemzugang ausgegeben',
  },
  'fhirsubscription.create': { en: 'FHIR subscription made', de: 'FHIR-Abonnement angelegt' },
  'fhirsubscription.end': { en: 'FHIR subscription ended', de: 'FHIR-Abonnement beendet' },
  'systemclient.use': { en: 'System client read FHIR data', de: 'Systemzugang hat FHIR-Daten gelesen' },
  'graft.import': { en: 'Grafts imported', de: 'Grafts importiert' },
  'graft.import.insert': { en: 'Graft added by import', de: 'Graft durch Import hinzugefügt' },
  'graft.import.update': { en: 'Graft changed by import', de: 'Graft durch Import geändert' },
  'graft.file.upload': { en: 'File uploaded', de: 'Datei hochgeladen' },
  'graft.file.delete': { en: 'File deleted', de: 'Datei gelöscht' },
  'graft.file.generate': { en: 'Document filed', de: 'Dokument abgelegt' },
  'graft.file.supersede': { en: 'Document superseded by a new version', de: 'Dokument durch neue Version ersetzt' },
  'waitinglist.add': { en: 'Waiting-list entry added', de: 'Wartelisteneintrag hinzugefügt' },
  'waitinglist.update': { en: 'Waiting-list entry changed', de: 'Wartelisteneintrag geändert' },
  'waitinglist.remove': { en: 'Waiting-list entry removed', de: 'Wartelisteneintrag entfernt' },
  'waitinglist.implanted': {
    en: 'Waiting-list entry closed by the implantation',
    de: 'Wartelisteneintrag durch die Implantation geschlossen',
  },
  'request.create': { en: 'Graft requested', de: 'Graft angefragt' },
  'request.reserve': { en: 'Graft reserved', de: 'Graft reserviert' },
  'request.receive': { en: 'Package received at the clinic', de: 'Packung in der Klinik angenommen' },
  'request.mismatch': { en: 'Wrong package refused', de: 'Falsche Packung abgelehnt' },
  'request.confirm': { en: 'Reservation confirmed', de: 'Reservierung bestätigt' },
  'request.decline': { en: 'Request declined', de: 'Anfrage abgelehnt' },
  'request.withdraw': { en: 'Request withdrawn', de: 'Anfrage zurückgezogen' },
  'request.assign': { en: 'Graft assigned', de: 'Graft zugeteilt' },
  'request.deliver': { en: 'Graft delivered', de: 'Graft geliefert' },
  'request.implant': { en: 'Graft implanted', de: 'Graft implantiert' },
  'request.return': { en: 'Graft returned', de: 'Graft zurückgegeben' },
  'request.lapse': { en: 'Reservation lapsed', de: 'Reservierung abgelaufen' },
  'request.correct': { en: 'Step corrected', de: 'Schritt korrigiert' },
  'vigilance.create': { en: 'Vigilance report started', de: 'Vigilanzmeldung begonnen' },
  'vigilance.update': { en: 'Vigilance report changed', de: 'Vigilanzmeldung geändert' },
  'vigilance.notify': { en: 'Vigilance notification submitted', de: 'Vigilanz-Erstmeldung abgegeben' },
  'vigilance.confirm': { en: 'Vigilance confirmation submitted', de: 'Vigilanz-Bestätigung abgegeben' },
  'vigilance.quarantine': {
    en: 'Grafts of the donation quarantined',
    de: 'Grafts der Spende unter Quarantäne gestellt',
  },
  'vigilance.lift': { en: 'Quarantine lifted', de: 'Quarantäne aufgehoben' },
  'vigilance.releaseOrphaned': {
    en: 'Graft no report held released from quarantine',
    de: 'Graft ohne haltende Meldung aus der Quarantäne entlassen',
  },
  'followup.schedule': { en: 'Follow-up scheduled', de: 'Nachsorge eingeplant' },
  'followup.record': { en: 'Follow-up recorded', de: 'Nachsorge erfasst' },
  'followup.unscheduled': {
    en: 'Unscheduled follow-up event recorded',
    de: 'Außerplanmäßiges Nachsorgeereignis erfasst',
  },
  'followup.lost': { en: 'Follow-up marked lost', de: 'Nachsorge als nicht erreichbar markiert' },
  'followup.end': {
    en: 'Follow-up ended by a recorded death or explant',
    de: 'Nachsorge durch erfassten Tod oder Explantation beendet',
  },
  'followup.implantationChange': {
    en: 'Follow-up changed with the corrected implantation',
    de: 'Nachsorge an die korrigierte Implantation angepasst',
  },
  'mail.retry': { en: 'Mail sent again', de: 'Mail erneut gesendet' },
  'demo.seed': { en: 'Demo data loaded', de: 'Demodaten geladen' },
  'demo.files': { en: 'Demo files loaded', de: 'Demodateien geladen' },
  'demo.history': { en: 'Demo follow-up history loaded', de: 'Demo-Nachsorgeverlauf geladen' },
} as const satisfies Record<string, Words>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(name: string): name is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, name);
}

/** A stored target type in its one spelling; null for a name the vocabulary does not know. */
export function auditTargetTypeOf(stored: string): AuditTargetType | null {
  if (Object.hasOwn(AUDIT_TARGET_TYPES, stored)) {
    return stored as AuditTargetType;
  }
  return Object.hasOwn(LEGACY_TARGET_TYPES, stored) ? (LEGACY_TARGET_TYPES[stored] ?? null) : null;
}

/** Every stored spelling of a target type: its name and those of rows written before the list. */
export function auditTargetTypeSpellings(type: AuditTargetType): string[] {
  return [type, ...Object.keys(LEGACY_TARGET_TYPES).filter((legacy) => LEGACY_TARGET_TYPES[legacy] === type)];
}

/** An action in words; a name the vocabulary does not know is shown as stored. */
export function auditActionWords(action: string, language: Language): string {
  return isAuditAction(action) ? AUDIT_ACTIONS[action][language] : action;
}

/** A target type in words, old spellings included; an unknown name is shown as stored. */
export function auditTargetTypeWords(stored: string, language: Language): string {
  const type = auditTargetTypeOf(stored);
  return type ? AUDIT_TARGET_TYPES[type][language] : stored;
}

/** Sign-ins and sign-outs: the bulk of the log, which a reader looking for changes can hide. */
export const SIGN_IN_ACTIONS: readonly AuditAction[] = [
  'auth.login.success',
  'auth.login.failure',
  'auth.twofactor.failure',
  'auth.passkey.failure',
  'auth.sso.failure',
  'auth.logout',
  'auth.session.end',
];

/** One field an audit row changed, with its value before and after (null where absent). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields an audit row's before and after differ in, in the order they appear: every field of
 * a created record (no before) or a removed one (no after). A side that is no record (a bare value)
 * counts as the field `value`.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const fields = (side: unknown) =>
    isRecord(side) ? side : side === null || side === undefined ? {} : { value: side };
  const [old, now] = [fields(before), fields(after)];
  const names = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return names
    .map((field) => ({ field, before: old[field] ?? null, after: now[field] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/** A changed value in words: text as it is, anything else as JSON; `missing` for none. */
export function auditValueText(value: unknown, missing: string): string {
  if (value === null || value === undefined) {
    return missing;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}
