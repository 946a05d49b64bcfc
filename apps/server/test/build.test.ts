import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setImmediate } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { BUILD_SCRIPT } from './support/process';

const COMPILED = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

describe('the server build (build.mjs)', () => {
  // The journey groups build at the same moment and start a server right after: a server that
  // read half of dist/cli.js would not start (docs/decisions.md "CI").
  test('a process reading dist/cli.js while the build runs always reads it whole', async () => {
    const build = spawn(process.execPath, [BUILD_SCRIPT], { stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => build.on('exit', resolve));
    let running = true;
    void exited.then(() => (running = false));
    let reads = 0;
    const partial: number[] = [];
    while (running) {
      const text = readFileSync(COMPILED, 'latin1');
      reads += 1;
      if (!text.trimEnd().endsWith('//# sourceMappingURL=cli.js.map')) {
        partial.push(text.length);
      }
      await setImmediate();
    }
    expect(await exited).toBe(0);
    expect(reads).toBeGreaterThan(10);
    expect(partial, 'lengths of the half-written copies read').toEqual([]);
  });
});
