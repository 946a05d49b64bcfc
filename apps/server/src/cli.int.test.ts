import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SQLite } from './db/sqlite-module';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/support/process';
import { DEMO_HISTORY_GRAFTS } from './demo/seed-demo-history';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = { DATA_DIR: dataDir };

describe('the graftmatch command line', () => {
  it('explains itself and every command', async () => {
    const help = await runCli(['--help'], env);
    expect(help.code).toBe(0);
    for (const command of ['serve', 'migrate', 'seed-demo', 'create-admin', 'backup', 'audit']) {
      expect(help.stdout).toContain(command);
      const commandHelp = await runCli([command, '--help'], env);
      expect(commandHelp.code, command).toBe(0);
      expect(commandHelp.stdout).toMatch(new RegExp(`Usage: graftmatch ${command}`));
    }
  });

  it('migrates, seeds the demo once, refuses to seed again unless forced, and backs up a consistent copy with its files', async () => {
    const migrate = await runCli(['migrate'], env);
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain('database schema is up to date');

    const seed = await runCli(['seed-demo'], env);
    expect(seed.code, seed.stderr).toBe(0);
    expect(seed.stdout).toMatch(/demo data created: .*"grafts":200/);

    const again = await runCli(['seed-demo'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^graftmatch: .*/);

    const copy = path.join(dataDir, 'backup');
    const backup = await runCli(['backup', copy], env);
    expect(backup.code, backup.stderr).toBe(0);
    const db = new SQLite(path.join(copy, 'graftmatch.db'), { readonly: true });
    try {
      // The demo's grafts and its history of past implantations (demo/seed-demo-history.ts).
      expect(db.prepare('select count(*) as n from grafts').get()).toEqual({ n: 200 + DEMO_HISTORY_GRAFTS });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const keys = db.prepare('select storage_key from graft_files').pluck().all() as string[];
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => !existsSync(path.join(copy, 'files', key)))).toEqual([]);
    } finally {
      db.close();
    }
    expect(backup.stdout).toContain(`graftmatch: database copied to ${copy}/graftmatch.db`);
    const overwrite = await runCli(['backup', copy], env);
    expect(overwrite.code).toBe(1);
    expect(overwrite.stderr).toMatch(/^graftmatch: .* exists and is not an empty folder/);
  });

  it('restores that backup onto FILE_STORE=s3: the database back, the files left to the printed copy into the bucket', async () => {
    const copy = path.join(dataDir, 'backup');
    const target = path.join(dataDir, 's3-install');
    const restore = await runCli(['restore', copy], {
      DATA_DIR: target,
      FILE_STORE: 's3',
      S3_BUCKET: 'graftmatch-files',
    });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(
      new RegExp(
        `the backup's \\d+ files were not put back: FILE_STORE=s3; copy them into the bucket with: aws s3 sync "${copy}/files" "s3://graftmatch-files" --exclude ".graftmatch-folder"`,
      ),
    );
    expect(restore.stdout).toContain(`restored ${target}/graftmatch.db`);
    expect(existsSync(path.join(target, 'files'))).toBe(false);
  });

  // Needs a PostgreSQL server: runs in the TEST_DATABASE_URL run (CI does both), shown as skipped otherwise.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, backs up the files and prints the pg_dump command, and restores the files and prints the pg_restore command',
    async () => {
      const pgEnv = { ...env, DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' };
      const folder = path.join(dataDir, 'pg-backup');
      const backup = await runCli(['backup', folder], pgEnv);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`pg_dump --format=custom --file="${folder}/graftmatch.dump" "$DATABASE_URL"`);
      const restore = await runCli(['restore', folder], pgEnv);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain(
        `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" "${folder}/graftmatch.dump"`,
      );
      const oldFile = await runCli(['restore', path.join(dataDir, 'x.db')], pgEnv);
      expect(oldFile.code).toBe(1);
      expect(oldFile.stderr).toMatch(/^graftmatch: .*graftmatch backup DIR/);
    },
  );
});
