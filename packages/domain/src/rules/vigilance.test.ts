import { describe, expect, test } from 'vitest';
import { ListStatus } from '../constants/list-status';
import { StepStatus } from '../constants/process-steps';
import {
  SaeConfirmation,
  SaeNotification,
  SarConfirmation,
  SarNotification,
  type VigilanceKind,
} from '../schemas/vigilance';
import {
  ANNEX_FIELDS,
  ANNEX_PARTS,
  annexFieldsOf,
  authorityLanguage,
  nextVigilanceDeadline,
  confirmationDeadline,
  decideVigilanceStep,
  donationIdentification,
  graftWhereabouts,
  isOpenForMatching,
  matchingListStatus,
  missingVigilanceFields,
  notificationDeadline,
  vigilanceReminderDue,
} from './vigilance';

// The annexes' lists as Directive (EU) 2015/565 words them (Annexes III and IV of Directive
// 2006/86/EC) and Art. 44(3) of Regulation (EU) 2024/1938: the form names each once, none missing.
const ANNEXES = {
  'III-A': [
    'Tissue establishment',
    'EU tissue establishment code (if applicable)',
    'Report identification',
    'Reporting date (yyyy/mm/dd)',
    'Individual affected (recipient or donor)',
    'Date and place of procurement or human application',
    'Unique donation identification number',
    'Date of suspected serious adverse reaction',
    'Type of tissues and cells involved in the suspected SAR',
    'Single European Code of the tissues or cells (if applicable)',
    'Type of suspected serious adverse reaction(s)',
  ],
  'III-B': [
    'Tissue establishment',
    'EU tissue establishment code (if applicable)',
    'Report identification',
    'Confirmation date (yyyy/mm/dd)',
    'Date of serious adverse reaction (yyyy/mm/dd)',
    'Unique donation identification number',
    'Confirmation of serious adverse reaction (Yes/No)',
    'Single European Code of the tissues or cells (if applicable)',
    'Change of type of serious adverse reaction (Yes/No); if yes, specify',
    'Clinical outcome (if known)',
    'Outcome of the investigation and final conclusions',
    'Recommendations for preventive and corrective actions',
  ],
  'IV-A': [
    'Tissue establishment',
    'EU tissue establishment code (if applicable)',
    'Report identification',
    'Reporting date (yyyy/mm/dd)',
    'Date of serious adverse event (yyyy/mm/dd)',
    'Serious adverse event, which may affect the quality and safety of tissues and cells due to a deviation in',
  ],
  'IV-B': [
    'Tissue establishment',
    'EU tissue establishment code (if applicable)',
    'Report identification',
    'Confirmation date (yyyy/mm/dd)',
    'Date of serious adverse event (yyyy/mm/dd)',
    'Root cause analysis (details)',
    'Corrective measures taken (details)',
  ],
  'Art44-3': [
    'Description',
    'Preliminary assessment of imputability',
    'Immediate mitigating measures',
    'Preliminary assessment of severity',
  ],
} as const;

const FORMS = {
  SAR: { notification: SarNotification, confirmation: SarConfirmation },
  SAE: { notification: SaeNotification, confirmation: SaeConfirmation },
} as const;

const keys = (schema: { properties: object }) => Object.keys(schema.properties).sort();

describe('the annexes and the form', () => {
  test('each annex part lists its items once, in the annex’s order, none missing', () => {
    for (const [part, items] of Object.entries(ANNEXES)) {
      expect(
        annexFieldsOf(part as keyof typeof ANNEXES).map((entry) => entry.item.en),
        part,
      ).toEqual(items);
    }
    expect(ANNEX_FIELDS).toHaveLength(Object.values(ANNEXES).flat().length);
    expect(ANNEX_FIELDS.every((entry) => entry.item.de.length > 0 && entry.fields.length > 0)).toBe(true);
  });

  test.each(['SAR', 'SAE'] as VigilanceKind[])('the %s form’s fields are exactly the annexes’ fields', (kind) => {
    const { notification, confirmation } = ANNEX_PARTS[kind];
    const fieldsOf = (...parts: string[]) =>
      ANNEX_FIELDS.filter((entry) => parts.includes(entry.part)).flatMap((entry) => entry.fields);
    // Part A with Art. 44(3): every field answers one item, and every item has its fields.
    const partA = fieldsOf(notification, 'Art44-3');
    expect(new Set(partA).size, 'each field of part A named once').toBe(partA.length);
    expect([...partA].sort()).toEqual(keys(FORMS[kind].notification));
    // Part B repeats part A's header; its own fields are the confirmation's, each once.
    const partB = fieldsOf(confirmation);
    expect(new Set(partB).size, 'each field of part B named once').toBe(partB.length);
    const own = partB.filter((name) => !partA.includes(name)).sort();
    expect(own).toEqual(keys(FORMS[kind].confirmation));
    expect(
      partB.filter((name) => partA.includes(name)).every((name) => name in FORMS[kind].notification.properties),
    ).toBe(true);
  });

  test('the snapshot of every part’s fields', () => {
    const byPart = Object.fromEntries(
      Object.keys(ANNEXES).map((part) => [
        part,
        annexFieldsOf(part as keyof typeof ANNEXES).map((entry) => entry.fields.join('+')),
      ]),
    );
    expect(byPart).toMatchInlineSnapshot(`
      {
        "Art44-3": [
          "description",
          "imputability",
          "mitigatingMeasures",
          "severity",
        ],
        "III-A": [
          "tissueEstablishment",
          "euTeCode",
          "reportIdentification",
          "reportingDate",
          "individualAffected+patientCode",
          "applicationDate+applicationPlace",
          "donationIdentification",
          "reactionDate",
          "tissueType",
          "singleEuropeanCode",
          "reactionType",
        ],
        "III-B": [
          "tissueEstablishment",
          "euTeCode",
          "reportIdentification",
          "confirmationDate",
          "reactionDate",
          "donationIdentification",
          "confirmed",
          "singleEuropeanCode",
          "typeChanged+typeChange",
          "clinicalOutcome",
          "investigationOutcome",
          "correctiveActions",
        ],
        "IV-A": [
          "tissueEstablishment",
          "euTeCode",
          "reportIdentification",
          "reportingDate",
          "eventDate",
          "deviations",
        ],
        "IV-B": [
          "tissueEstablishment",
          "euTeCode",
          "reportIdentification",
          "confirmationDate",
          "eventDate",
          "rootCauseAnalysis",
          "correctiveMeasures",
        ],
      }
    `);
  });
});

describe('deadlines', () => {
  const discovered = '2026-03-01T10:00:00.000Z';

  test('the notification is due 24 hours after discovery, the confirmation 90 days after', () => {
    expect(notificationDeadline(discovered)).toBe('2026-03-02T10:00:00.000Z');
    expect(confirmationDeadline(discovered)).toBe('2026-05-30T10:00:00.000Z');
  });

  test('a bank’s own limits replace the defaults', () => {
    expect(notificationDeadline(discovered, 12)).toBe('2026-03-01T22:00:00.000Z');
    expect(confirmationDeadline(discovered, 30)).toBe('2026-03-31T10:00:00.000Z');
  });

  test('the reminder is due two hours before the deadline, and again when it passes', () => {
    const deadline = '2026-03-02T10:00:00.000Z';
    expect(vigilanceReminderDue(deadline, new Date('2026-03-02T07:59:59.000Z'))).toBeNull();
    expect(vigilanceReminderDue(deadline, new Date('2026-03-02T08:00:00.000Z'))).toBe('before');
    expect(vigilanceReminderDue(deadline, new Date('2026-03-02T09:59:59.999Z'))).toBe('before');
    expect(vigilanceReminderDue(deadline, new Date('2026-03-02T10:00:00.000Z'))).toBe('due');
    expect(vigilanceReminderDue(deadline, new Date('2026-04-02T10:00:00.000Z'))).toBe('due');
  });
});

describe('the parts’ order', () => {
  test('part A once, then part B once', () => {
    expect(decideVigilanceStep('draft', 'submit-notification')).toEqual({ allowed: true, to: 'notified' });
    expect(decideVigilanceStep('notified', 'confirm')).toEqual({ allowed: true, to: 'confirmed' });
    expect(decideVigilanceStep('draft', 'confirm')).toMatchObject({ allowed: false });
    expect(decideVigilanceStep('notified', 'submit-notification')).toMatchObject({ allowed: false });
    expect(decideVigilanceStep('confirmed', 'confirm')).toMatchObject({ allowed: false });
  });
});

describe('donations and quarantine', () => {
  test('the donation is the SEC’s establishment code and donation number, spaces or not', () => {
    expect(donationIdentification('DE000123 2021000004567 E0042105 001 20300101')).toBe('DE0001232021000004567');
    expect(donationIdentification('DE0001232021000004567E004210500220300101')).toBe('DE0001232021000004567');
    expect(donationIdentification(null)).toBeNull();
    expect(donationIdentification('not a code')).toBeNull();
  });

  test('a quarantined graft is never Free for search or matching; its list status stays', () => {
    expect(matchingListStatus(ListStatus.Free, true)).toBe('quarantined');
    expect(matchingListStatus(ListStatus.Free, false)).toBe(ListStatus.Free);
    expect(matchingListStatus(ListStatus.Current, true)).toBe(ListStatus.Current);
    expect(matchingListStatus(ListStatus.Archive, true)).toBe(ListStatus.Archive);
    expect(isOpenForMatching(ListStatus.Free, true)).toBe(false);
    expect(isOpenForMatching(ListStatus.Free, false)).toBe(true);
    expect(isOpenForMatching(ListStatus.Current, false)).toBe(false);
  });

  test('where a graft of the donation is now', () => {
    const base = {
      listStatus: ListStatus.Free,
      quarantined: false,
      held: false,
      deliveryStatus: StepStatus.Open,
      implantationStatus: StepStatus.Open,
    } as const;
    expect(graftWhereabouts(base)).toBe('free');
    expect(graftWhereabouts({ ...base, held: true })).toBe('reserved');
    expect(graftWhereabouts({ ...base, quarantined: true })).toBe('quarantined');
    expect(graftWhereabouts({ ...base, listStatus: ListStatus.Current })).toBe('assigned');
    expect(graftWhereabouts({ ...base, listStatus: ListStatus.Current, deliveryStatus: StepStatus.Done })).toBe(
      'delivered',
    );
    expect(
      graftWhereabouts({
        ...base,
        listStatus: ListStatus.Archive,
        implantationStatus: StepStatus.Done,
        quarantined: true,
      }),
    ).toBe('implanted');
    expect(graftWhereabouts({ ...base, listStatus: ListStatus.Archive })).toBe('archived');
    expect(graftWhereabouts({ ...base, listStatus: null })).toBe('processing');
  });
});

describe('what a part needs before it is submitted', () => {
  test('a SAR notification needs the affected individual, the application, the reaction and a description', () => {
    expect(missingVigilanceFields('SAR', 'notification', { reactionDate: '2026-03-01', deviations: [] })).toEqual([
      'individualAffected',
      'applicationDate',
      'applicationPlace',
      'reactionType',
      'description',
    ]);
  });

  test('an SAE notification needs at least one deviation', () => {
    expect(
      missingVigilanceFields('SAE', 'notification', { eventDate: '2026-03-01', deviations: [], description: 'x' }),
    ).toEqual(['deviations']);
  });

  test('a changed reaction type must be specified; a confirmation of "no" is an answer', () => {
    const values = {
      confirmed: false,
      typeChanged: true,
      typeChange: null,
      clinicalOutcome: 'unknown',
      investigationOutcome: 'x',
      correctiveActions: 'y',
    };
    expect(missingVigilanceFields('SAR', 'confirmation', values)).toEqual(['typeChange']);
    expect(missingVigilanceFields('SAR', 'confirmation', { ...values, typeChange: 'infection' })).toEqual([]);
  });
});

describe("a bank's vigilance settings", () => {
  test('the deadlines of a bank with 12 hours and 30 days', () => {
    expect(notificationDeadline('2026-11-27T08:00:00.000Z', 12)).toBe('2026-11-27T20:00:00.000Z');
    expect(confirmationDeadline('2026-11-27T08:00:00.000Z', 30)).toBe('2026-12-27T08:00:00.000Z');
  });

  test('the next deadline is the open part’s, none once confirmed', () => {
    const deadlines = { notificationDeadline: 'A', confirmationDeadline: 'B' };
    expect(nextVigilanceDeadline({ state: 'draft', ...deadlines })).toBe('A');
    expect(nextVigilanceDeadline({ state: 'notified', ...deadlines })).toBe('B');
    expect(nextVigilanceDeadline({ state: 'confirmed', ...deadlines })).toBeNull();
  });

  test("the authority's mail is German for a bank in a German-speaking country, by EU TE code, else by address", () => {
    expect(authorityLanguage({ euteNumber: 'DE000123', country: null })).toBe('de');
    expect(authorityLanguage({ euteNumber: 'at123456', country: 'Germany' })).toBe('de');
    expect(authorityLanguage({ euteNumber: 'NL000123', country: 'Deutschland' })).toBe('en');
    expect(authorityLanguage({ euteNumber: '12345', country: ' Österreich ' })).toBe('de');
    expect(authorityLanguage({ euteNumber: null, country: 'France' })).toBe('en');
    expect(authorityLanguage({ euteNumber: null, country: null })).toBe('en');
  });
});
