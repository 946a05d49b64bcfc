import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startDemoServer } from './server';

/** Starts the real `graftmatch serve --demo` (built web app, demo data) once for every journey. */
export default async function setup(project: TestProject) {
  const server = await startDemoServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  // The command line (`graftmatch jobs run`) works on the server's database with the server's settings.
  project.provide('serverEnv', server.env);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    serverEnv: Record<string, string>;
  }
}
