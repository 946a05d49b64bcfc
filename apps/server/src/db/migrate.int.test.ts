import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  migrateBesideOtherFiles,
  testEngineName,
  type TestDatabase,
} from '../../test/support/database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

describe(`migrations on ${testEngineName()}`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  // On PostgreSQL, introspection lists every schema's tables, including parallel test files' ones.
  async function ourTables() {
    const schema = test.target.engine === 'postgres' ? test.target.schema : undefined;
    return (await test.database.db.introspection.getTables()).filter((table) => !schema || table.schema === schema);
  }

  it('created every table on the fresh database, and a second run applies nothing', async () => {
    const tables = (await ourTables()).map((table) => table.name).sort();
    expect(tables).toEqual(
      [
        'activity_version',
        'alert_digest_items',
        'alert_preferences',
        'app_settings',
        'audit_chain_head',
        'audit_checkpoints',
        'audit_log',
        'clinic_members',
        'clinics',
        'data_versions',
        'eute_api_keys',
        'eute_members',
        'eutes',
        'files_folder',
        'fhir_subscriptions',
        'followups',
        'graft_files',
        'graft_requests',
        'grafts',
        'import_logs',
        'jobs',
        'mail_outbox',
        'matches_seen',
        'notifications',
        'passkey_challenges',
        'passkeys',
        'push_subscriptions',
        'recovery_tokens',
        'refresh_token_families',
        'refresh_tokens',
        'reminders_sent',
        'sso_configs',
        'sso_domains',
        'sso_handovers',
        'sso_login_states',
        'sso_sessions',
        'system_access_tokens',
        'system_client_assertions',
        'system_clients',
        'two_factor_challenges',
        'unknown_login_attempts',
        'users',
        'vigilance_reports',
        'waiting_list_entries',
      ].sort(),
    );
    // The connection works in its own schema; the migrator must find that schema's table and nobody else's.
    expect(await migrateBesideOtherFiles(() => migrateToLatest(test.database.db))).toEqual([]);
    expect(Object.keys(migrations)).toContain('2026-11-21-initial');
  });

  it('reaches every snake_case column by its camelCase name, digits and one-letter parts included', async () => {
    // The camelCase spelling the row types use (t_prod_name_2 -> tProdName2, query_l_l_min -> queryLLMin).
    const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase());
    const db = test.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const tables = await ourTables();
    expect(tables.flatMap((table) => table.columns.map((column) => column.name))).toEqual(
      expect.arrayContaining(['t_prod_name_2', 'query_l_l_min', 'traceability_report_status']),
    );
    for (const table of tables) {
      for (const column of table.columns) {
        const compiled = db.selectFrom(camel(table.name)).select(camel(column.name)).compile().sql;
        expect(compiled).toContain(`"${column.name}" from "${table.name}"`);
      }
    }
  });
});
