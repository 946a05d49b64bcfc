import { buildServer } from './process';

// Vitest global setup of the server tests: the command-line tests run the compiled server, built
// once per run from the current sources.
export function setup(): void {
  buildServer();
}
