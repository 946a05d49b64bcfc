/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/api.md "Follow-ups".
//
// The follow-ups of each implantation: its schedule (30 days, then yearly to 10 years), made in the
// implantation's transaction, and unscheduled events. A graft is implanted once, so the schedule
// is keyed by the graft: one row per graft and visit (a unique index, so two instances make it
// once). The record is JSON text. Implantations recorded before get their schedule here: those of
// graft requests, and grafts whose bank recorded the implantation at a clinic (the demo's).

const FIRST_DAYS = 30;
const YEARS = 10;
const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The schedule as the domain's `followUpSchedule` made it on this day. */
function scheduleOf(implantedOn: string): { visit: string; dueOn: string }[] {
  const [year, month, day] = implantedOn.split('-').map(Number) as [number, number, number];
  const anniversary = (years: number) => {
    const last = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
    return new Date(Date.UTC(year + years, month - 1, Math.min(day, last))).toISOString().slice(0, 10);
  };
  const first = new Date(Date.UTC(year, month - 1, day) + FIRST_DAYS * DAY_MS).toISOString().slice(0, 10);
  return [
    { visit: `P${FIRST_DAYS}D`, dueOn: first },
    ...Array.from({ length: YEARS }, (_, index) => ({ visit: `P${index + 1}Y`, dueOn: anniversary(index + 1) })),
  ];
}

/** A real calendar day `yyyy-mm-dd`, or the day of an ISO date-time; null otherwise. */
function dayOf(value: unknown): string | null {
  const text = typeof value === 'string' ? value.slice(0, 10) : '';
  const match = ISO_DATE.exec(text);
  if (!match) {
    return null;
  }
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

const patientCodeOf = (initial: string | null, month: number | null, year: number | null) =>
  initial ? `${initial}-${String(month ?? 0).padStart(2, '0')}-${String(year ?? 0).padStart(4, '0')}` : null;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('followups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('graft_id', 'text', (c) => c.notNull().references('grafts.id'))
    // The request whose implant step made the schedule; null for an implantation its bank recorded.
    .addColumn('request_id', 'text', (c) => c.references('graft_requests.id'))
    .addColumn('eute_id', 'text', (c) => c.notNull().references('eutes.id'))
    .addColumn('clinic_id', 'text', (c) => c.notNull().references('clinics.id'))
    .addColumn('patient_code', 'text')
    .addColumn('implanted_on', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('scheduled', 'unscheduled')`))
    .addColumn('visit', 'text')
    .addColumn('due_on', 'text')
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('open', 'done', 'lost', 'ended')`))
    .addColumn('record', 'text')
    .addColumn('record_date', 'text')
    .addColumn('recorded_at', 'text')
    .addColumn('recorded_by', 'text', (c) => c.references('users.id'))
    .addColumn('lost_reason', 'text')
    // The follow-up whose recorded death or explant ended this one.
    .addColumn('ended_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'followups_visit_check',
      sql`(kind = 'scheduled' and visit is not null and due_on is not null) or (kind = 'unscheduled' and visit is null and due_on is null)`,
    )
    .execute();
  // Unscheduled rows have no visit, and nulls never collide: one row per graft and visit.
  await db.schema
    .createIndex('followups_schedule_idx')
    .unique()
    .on('followups')
    .columns(['graft_id', 'visit'])
    .execute();
  await db.schema
    .createIndex('followups_clinic_idx')
    .on('followups')
    .columns(['clinic_id', 'state', 'due_on'])
    .execute();
  await db.schema.createIndex('followups_eute_idx').on('followups').columns(['eute_id', 'state', 'due_on']).execute();

  await backfill(db);
}

// Results are read under one-word names: the app's migrator may turn snake_case result names into camelCase.
interface Implantation {
  request: string | null;
  graft: string;
  bank: string;
  clinic: string;
  patient: string | null;
  day: string | null;
}

/** Schedules for the implantations recorded before; every follow-up of them open. */
async function backfill(db: Kysely<any>): Promise<void> {
  const byRequest: Implantation[] = await db
    .selectFrom('graft_requests as r')
    .innerJoin('grafts as g', 'g.id', 'r.graft_id')
    .select([
      'r.id as request',
      'r.graft_id as graft',
      'g.eute_id as bank',
      'r.clinic_id as clinic',
      'r.patient_code as patient',
      'r.implanted_on as day',
    ])
    .where('r.state', '=', 'implanted')
    .execute();
  const requested = new Set(byRequest.map((row) => row.graft));
  const byBank: (Omit<Implantation, 'request' | 'patient'> & {
    initial: string | null;
    month: number | null;
    year: number | null;
  })[] = await db
    .selectFrom('grafts')
    .select([
      'id as graft',
      'eute_id as bank',
      'clinic_id as clinic',
      'patient_initial as initial',
      'patient_month as month',
      'patient_year as year',
      'implantation_out as day',
    ])
    .where('implantation_status', '=', 1)
    .where('clinic_id', 'is not', null)
    .execute();
  const implantations: Implantation[] = [
    ...byRequest,
    ...byBank
      .filter((row) => !requested.has(row.graft))
      .map((row) => ({
        request: null,
        graft: row.graft,
        bank: row.bank,
        clinic: row.clinic,
        patient: patientCodeOf(row.initial, row.month, row.year),
        day: row.day,
      })),
  ];
  const at = new Date().toISOString();
  for (const implantation of implantations) {
    const implantedOn = dayOf(implantation.day);
    if (implantedOn === null) {
      continue;
    }
    await db
      .insertInto('followups')
      .values(
        scheduleOf(implantedOn).map((visit) => ({
          id: randomUUID(),
          graft_id: implantation.graft,
          request_id: implantation.request,
          eute_id: implantation.bank,
          clinic_id: implantation.clinic,
          patient_code: implantation.patient,
          implanted_on: implantedOn,
          kind: 'scheduled',
          visit: visit.visit,
          due_on: visit.dueOn,
          state: 'open',
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflict((conflict) => conflict.columns(['graft_id', 'visit']).doNothing())
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('followups').execute();
}
