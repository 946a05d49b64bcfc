import type { GraftTypeNumber } from '@graftmatch/domain';
import type { DemoRandom } from './seed-demo-random';

// The fixed part of the demo data: organisations, accounts, and the texts and sizes grafts are drawn from.
// Names, addresses and phone numbers are fictional; mail domains use the reserved `.example` TLD.

/** The demo's fixed PRNG seed, so every demo database (and the demo files) comes out the same. */
export const DEMO_SEED = 20_261_121;

/** Every demo account logs in with this password (printed in the README). */
export const DEMO_PASSWORD = 'demo-graftmatch';
export const DEMO_EMAIL_DOMAIN = 'demo.graftmatch.example';

export interface DemoClinic {
  key: 'clinic1' | 'clinic2';
  cName: string;
}

export const DEMO_CLINICS: readonly DemoClinic[] = [
  { key: 'clinic1', cName: 'Universitätsklinikum Nordstadt – Klinik für Herz- und Gefäßchirurgie' },
  { key: 'clinic2', cName: 'Universitätsherzzentrum Rheinfeld – Kinderherzchirurgie' },
];

export interface DemoEute {
  key: 'eute1' | 'eute2';
  name: string;
  /** EU tissue establishment code: country + 6 characters; also the start of each graft's SEC. */
  euteNumber: string;
  /** Prefix of the bank's own lot numbers (e_Lot). */
  lotPrefix: string;
  address: string;
  housenumber: string;
  zipcode: string;
  city: string;
  country: string;
  email: string;
  phone: string;
}

export const DEMO_EUTES: readonly DemoEute[] = [
  {
    key: 'eute1',
    name: 'Gewebebank Nord gGmbH',
    euteNumber: 'DE000123',
    lotPrefix: 'EB1',
    address: 'Lindenhofallee',
    housenumber: '14a',
    zipcode: '30625',
    city: 'Hannover',
    country: 'Germany',
    email: 'requests@gewebebank-nord.example',
    phone: '+49 511 555 0142',
  },
  {
    key: 'eute2',
    name: 'Süddeutsche Gewebebank e.V.',
    euteNumber: 'DE000456',
    lotPrefix: 'EB2',
    address: 'Kastanienweg',
    housenumber: '5',
    zipcode: '80339',
    city: 'München',
    country: 'Germany',
    email: 'allocation@gewebebank-sued.example',
    phone: '+49 89 555 0187',
  },
];

export interface DemoAccount {
  email: string;
  title: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  language: 'en' | 'de';
  admin: boolean;
  audit: boolean;
  clinic?: DemoClinic['key'];
  eute?: DemoEute['key'];
}

/** An account without flags; its e-mail is `<local>@demo.graftmatch.example`. */
function account(local: string, name: [string, string], phone: string, extra: Partial<DemoAccount> = {}): DemoAccount {
  const [firstName, lastName] = name;
  const email = `${local}@${DEMO_EMAIL_DOMAIN}`;
  return { email, title: null, firstName, lastName, phone, language: 'en', admin: false, audit: false, ...extra };
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  account('admin', ['Anna', 'Admin'], '+49 30 555 0100', { admin: true }),
  account('auditor', ['Paul', 'Prüfer'], '+49 30 555 0101', { audit: true }),
  account('dr.berg', ['Jonas', 'Berg'], '+49 40 555 0311', { title: 'Dr. med.', clinic: 'clinic1' }),
  account('dr.kaya', ['Elif', 'Kaya'], '+49 221 555 0472', { title: 'Dr. med.', clinic: 'clinic2', language: 'de' }),
  account('bank.north', ['Lena', 'Hansen'], '+49 511 555 0143', { eute: 'eute1' }),
  account('bank.south', ['Maximilian', 'Huber'], '+49 89 555 0188', { eute: 'eute2' }),
];

/** Plausible sizes in mm per graft type (spec §3 numbering): [min, max] ranges. */
export interface TypeProfile {
  diameter: [number, number];
  /** Shortest usable length; the longest adds `extraLength`. */
  minLength: [number, number];
  extraLength: [number, number];
  /** Exactly the types the domain calls bifurcated (isBifurcated: 2 and 3) have branches. */
  branch?: { length: [number, number]; diameter: [number, number] };
}

export const TYPE_PROFILES: Record<GraftTypeNumber, TypeProfile> = {
  1: { diameter: [8, 32], minLength: [20, 35], extraLength: [5, 25] },
  2: {
    diameter: [10, 30],
    minLength: [25, 40],
    extraLength: [5, 20],
    branch: { length: [10, 35], diameter: [8, 18] },
  },
  3: {
    diameter: [16, 32],
    minLength: [30, 45],
    extraLength: [5, 25],
    branch: { length: [15, 45], diameter: [10, 20] },
  },
  4: { diameter: [16, 32], minLength: [30, 45], extraLength: [5, 25] },
  5: { diameter: [12, 30], minLength: [20, 30], extraLength: [5, 25] },
  6: { diameter: [20, 36], minLength: [40, 60], extraLength: [10, 30] },
  7: { diameter: [14, 28], minLength: [60, 90], extraLength: [10, 30] },
  8: { diameter: [20, 36], minLength: [60, 90], extraLength: [10, 30] },
};

export const DONOR_REMARKS: readonly (string | null)[] = [
  null,
  'Donor without relevant cardiovascular history.',
  'Heart-beating donor; cold ischaemia time under 12 hours.',
  'Minor fenestration of one cusp; valve competent on testing.',
  'Slight wall thickening at the distal end.',
  'Non-heart-beating donor; procurement within 24 hours.',
];

export const PROCESSING_REMARKS: readonly (string | null)[] = [
  null,
  'Decellularized per standard protocol; sterility tests negative.',
  'Small calcified plaque near the sinotubular junction, outside the usable length.',
  'Suture marks at both ends from procurement; trimmed.',
  'Geometry measured after decellularization.',
];

const PATIENT_INITIALS = [...'ABCDEFGHIJKLMNOPRSTUVWZ'];

/** The pseudonymous patient of a graft or waiting-list entry: initial, month and year. */
export function drawPatient(random: DemoRandom, years: [number, number]) {
  return { initial: random.pick(PATIENT_INITIALS), month: random.int(1, 12), year: random.int(...years) };
}
