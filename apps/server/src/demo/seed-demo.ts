import { ListStatus, PROCESS_STEP_NAMES, fullName, isExpired, utcDate } from '@graftmatch/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { recordAudit } from '../modules/audit/audit.service';
import { hashPassword } from '../modules/auth/password';
import { importGraftsWithin } from '../modules/imports/imports.service';
import { isUniqueViolation } from '../db/dialect';
import { DEMO_ACCOUNTS, DEMO_CLINICS, DEMO_EUTES, DEMO_PASSWORD, DEMO_SEED } from './seed-demo-data';
import { DEMO_GRAFT_FILES, readDemoGraftFile } from './seed-demo-graft-files';
import type { SeededEute } from './seed-demo-grafts';
import { demoRandom, earlier, mulberry32, timestampOn, type DemoRandom } from './seed-demo-random';
import { buildDemoWaitingList, type WaitingListPhysician } from './seed-demo-waiting-list';
import type { DB, GraftRow } from '../db/types';

export interface SeedDemoOptions {
  /** Seed even though the database already has users (never twice: demo accounts must not exist). */
  force?: boolean;
  /** 'yyyy-mm-dd' the demo dates are placed around; defaults to today (UTC). */
  today?: string;
  /** Source of randomness in [0, 1); defaults to a fixed-seed PRNG, so runs repeat. */
  random?: () => number;
  /** The accounts' hash of the demo password; made here unless given (tests give a cheaper one). */
  passwordHash?: string;
}

export interface SeedDemoSummary {
  /** The day the demo dates were placed around. */
  today: string;
  users: number;
  clinics: number;
  eutes: number;
  grafts: number;
  /** By list status as seen on `today`, counting expired grafts as Archive. */
  graftsByListStatus: { free: number; current: number; archive: number };
  waitingListEntries: number;
  /** The import of each demo file (docs/import.md "Demo data"): its import log and rows. */
  imports: { file: string; importLogId: string; rows: number }[];
}

/** Fills the database with the demo data in one transaction; refuses a database that has users unless forced. */
export async function seedDemo(db: Kysely<DB>, options: SeedDemoOptions = {}): Promise<SeedDemoSummary> {
  const today = options.today ?? utcDate(new Date());
  const random = demoRandom(options.random ?? mulberry32(DEMO_SEED));
  // Hashing is slow on purpose; done once, outside the transaction, and shared by every account.
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  try {
    // The demo's imports are logged at the real time when seeding for today, so they never sort
    // after imports made later that day; a given day keeps the seed's fixed hour, so runs repeat.
    const importedAt = options.today ? new Date(timestampOn(today, 8)) : new Date();
    return await db.transaction().execute(async (trx) => {
      await assertMaySeed(trx, options.force ?? false);
      return await insertDemoData(trx, random, { today, importedAt }, passwordHash);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new Error('demo data conflicts with existing rows (same names, e-mails or lots); nothing was seeded', {
        cause: error,
      });
    }
    throw error;
  }
}

async function assertMaySeed(trx: Transaction<DB>, force: boolean): Promise<void> {
  const demoEmails = DEMO_ACCOUNTS.map((account) => account.email);
  const existingDemo = await trx
    .selectFrom('users')
    .select('email')
    .where('email', 'in', demoEmails)
    .executeTakeFirst();
  if (existingDemo) {
    throw new Error(`the demo data is already there (${existingDemo.email} exists); nothing was seeded`);
  }
  const { users } = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('users'))
    .executeTakeFirstOrThrow();
  if (Number(users) > 0 && !force) {
    throw new Error(
      `the database already has ${users} user(s); seed demo data only into an empty database, or force it`,
    );
  }
}

async function insertDemoData(
  trx: Transaction<DB>,
  random: DemoRandom,
  { today, importedAt }: { today: string; importedAt: Date },
  passwordHash: string,
) {
  const now = timestampOn(today, 8);
  const clinics = new Map(DEMO_CLINICS.map((clinic) => [clinic.key, { id: random.uuid(), cName: clinic.cName }]));
  const eutes = new Map(DEMO_EUTES.map((eute): [string, SeededEute] => [eute.key, { id: random.uuid(), data: eute }]));
  await trx
    .insertInto('clinics')
    .values([...clinics.values()].map((clinic) => ({ ...clinic, createdAt: now, updatedAt: now })))
    .execute();
  await trx
    .insertInto('eutes')
    .values(
      [...eutes.values()].map(({ id, data: { key: _key, lotPrefix: _lotPrefix, ...eute } }) => ({
        id,
        ...eute,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();

  const physicians: WaitingListPhysician[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const userId = random.uuid();
    await trx
      .insertInto('users')
      .values({
        id: userId,
        email: account.email,
        passwordHash,
        title: account.title,
        firstName: account.firstName,
        lastName: account.lastName,
        phone: account.phone,
        language: account.language,
        admin: account.admin ? 1 : 0,
        audit: account.audit ? 1 : 0,
        twoFactorTarget: account.email,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const clinic = account.clinic ? clinics.get(account.clinic) : undefined;
    if (clinic) {
      await trx.insertInto('clinicMembers').values({ userId, clinicId: clinic.id }).execute();
      physicians.push({
        userId,
        clinicId: clinic.id,
        name: fullName(account),
        email: account.email,
        phone: account.phone,
      });
    }
    const eute = account.eute ? eutes.get(account.eute) : undefined;
    if (eute) {
      await trx.insertInto('euteMembers').values({ userId, euteId: eute.id }).execute();
    }
  }

  const imports = await importDemoGrafts(trx, eutes, today, importedAt);
  const grafts = await trx.selectFrom('grafts').selectAll().execute();
  await backdateDemoGrafts(trx, grafts, today);
  // After the grafts, so the import finds no entry to alert about (docs/decisions.md).
  const waitingList = buildDemoWaitingList(physicians, random, today);
  await trx.insertInto('waitingListEntries').values(waitingList).execute();

  const summary: SeedDemoSummary = {
    today,
    users: DEMO_ACCOUNTS.length,
    clinics: clinics.size,
    eutes: eutes.size,
    grafts: grafts.length,
    graftsByListStatus: countByListStatus(grafts, today),
    waitingListEntries: waitingList.length,
    imports,
  };
  await recordAudit(trx, {
    actorUserId: null,
    action: 'demo.seed',
    targetType: 'database',
    targetId: null,
    after: summary,
    ip: null,
    at: new Date(now),
  });
  return summary;
}

/**
 * The demo grafts come in through the importer, as a bank's would (docs/import.md "Demo data"):
 * each file's dates moved to `today`, into its bank. A bad row throws, which rolls the whole seed
 * back, so `strict` would add nothing.
 */
async function importDemoGrafts(
  trx: Transaction<DB>,
  eutes: ReadonlyMap<string, SeededEute>,
  today: string,
  at: Date,
): Promise<SeedDemoSummary['imports']> {
  const imports: SeedDemoSummary['imports'] = [];
  for (const file of DEMO_GRAFT_FILES) {
    const bank = eutes.get(file.eute)?.data.euteNumber;
    const result = await importGraftsWithin(
      trx,
      { kind: 'system', source: `demo/${file.name}` },
      await readDemoGraftFile(file, today),
      { bank, strict: false, fileName: file.name, at },
    );
    if (result.summary.failed > 0) {
      throw new Error(`the demo file ${file.name} has bad rows; nothing was seeded:\n${result.log}`);
    }
    imports.push({ file: file.name, importLogId: result.id, rows: result.summary.rows });
  }
  return imports;
}

/**
 * An import stamps its grafts with the time of the import. The demo's grafts have a past, so
 * each is dated from its own steps instead: created when processed, changed at its latest step
 * (not after today). Lists sorted by the latest change then read like a bank's history.
 */
async function backdateDemoGrafts(trx: Transaction<DB>, grafts: GraftRow[], today: string): Promise<void> {
  for (const graft of grafts) {
    const processed = graft.decellularizationOut ?? today;
    const steps = PROCESS_STEP_NAMES.filter((step) => step !== 'expiry').map((step) => graft[`${step}Out`]);
    const lastEvent = steps
      .filter((date): date is string => typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date))
      .reduce((latest, date) => (date > latest ? date : latest), processed);
    graft.createdAt = timestampOn(processed);
    graft.updatedAt = timestampOn(earlier(lastEvent, today));
  }
  // One statement (timestamps are text, so the CASE needs no casts on either engine).
  const byId = (value: (graft: GraftRow) => string) =>
    sql<string>`case id ${sql.join(
      grafts.map((graft) => sql`when ${graft.id} then ${value(graft)}`),
      sql` `,
    )} end`;
  if (grafts.length > 0) {
    await trx
      .updateTable('grafts')
      .set({ createdAt: byId((graft) => graft.createdAt), updatedAt: byId((graft) => graft.updatedAt) })
      .where(
        'id',
        'in',
        grafts.map((graft) => graft.id),
      )
      .execute();
  }
}

/** The list status a reader sees on `today`: a Free or Current graft past its expiry is Archive. */
function listStatusOn(graft: GraftRow, today: string): ListStatus | null {
  const stored = graft.listStatus ?? null;
  return stored !== null && isExpired(graft.expiryDate, today) ? ListStatus.Archive : stored;
}

function countByListStatus(grafts: readonly GraftRow[], today: string): SeedDemoSummary['graftsByListStatus'] {
  const statuses = grafts.map((graft) => listStatusOn(graft, today));
  const count = (status: ListStatus) => statuses.filter((seen) => seen === status).length;
  return { free: count(ListStatus.Free), current: count(ListStatus.Current), archive: count(ListStatus.Archive) };
}
