import { buildApp, filesDir } from '../app';
import { loadConfig, type Config } from '../config/config';
import { claimDataDir } from '../startup/data-dir-lock';
import { seedDemoIfEmpty } from '../demo/seed-demo-start';
import { claimFilesFolder } from '../modules/files/files-folder';
import { WEB_ROOT } from '../paths';
import { StartupError, exitOnStartupError, openDatabase } from '../startup/startup';
import { createFileStorage } from '../storage/file-storage';
import { flushTraces } from '../telemetry/handoff';

const SHUTDOWN_GRACE_MS = 10_000;

export interface ServeOptions {
  /** Seed the demo data when the database is empty (the newcomer's `npm start`). */
  demo: boolean;
}

/** The process entry: config, database and migrations, listen, and a graceful shutdown. */
export async function runServer(options: ServeOptions): Promise<void> {
  const config = loadConfig();
  // An embedded database has one server: a second exits before it opens anything (docs/operations.md).
  const releaseDataDir = config.databaseUrl ? () => {} : claimDataDir(config.dataDir, config.publicUrl);
  try {
    await serve(config, options, releaseDataDir);
  } catch (error) {
    releaseDataDir();
    throw error;
  }
}

async function serve(config: Config, options: ServeOptions, releaseDataDir: () => void): Promise<void> {
  // The store first: a missing bucket stops the start before the database is opened.
  const storage = await createFileStorage(config);
  const database = await openDatabase(config);
  // The marker proves a shared files folder; a bucket is shared by its name (docs/operations.md).
  const folderProblem =
    config.fileStore.kind === 'disk'
      ? await claimFilesFolder(database, storage, filesDir(config)).catch(async (error: unknown) => {
          await database.close();
          throw error;
        })
      : null;
  const seeded = options.demo ? await seedDemoIfEmpty(database.db, storage) : null;
  const app = await buildApp({ config, database, webRoot: WEB_ROOT, storage });
  if (folderProblem) {
    app.log.error(`files folder: ${folderProblem}`);
  }
  if (seeded) {
    app.log.info({ seeded }, 'demo data created');
  }
  if (options.demo) {
    const outbox = config.smtpUrl ? 'your SMTP server' : `${config.dataDir}/outbox`;
    app.log.info(
      `demo: open ${config.publicUrl} and log in as dr.berg@demo.graftmatch.example with password demo-graftmatch; the PIN mail is in ${outbox}`,
    );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const forced = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    try {
      await app.close();
      await database.close();
      releaseDataDir();
      await flushTraces();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // exceljs takes about 0.3 s to load, all of it blocking the event loop: loaded before the server
  // listens rather than in the middle of the first xlsx import or export (docs/performance.md "Exports").
  await import('exceljs');
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      throw new StartupError(
        `cannot listen on ${config.host}:${config.port} (${code}); set PORT (and HOST) to a free address this user may bind.`,
      );
    }
    throw error;
  }
}

export function main(options: ServeOptions) {
  runServer(options).catch(exitOnStartupError);
}
