import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// Finds import circles among the repository's TypeScript files (docs/architecture.md, "Module
// walls"). Type-only imports count too: a circle of types is still two files that cannot be
// understood, moved or tested one without the other. `npm run lint` runs this file.

const SOURCE = /\.(ts|tsx)$/;
const SKIP = new Set(['node_modules', 'dist', 'dev-dist', 'screenshots', 'data']);

/** The relative imports and re-exports of one file, resolved to files of `files`. */
function importsOf(file: string, text: string, files: ReadonlySet<string>): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const found: string[] = [];
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) {
      continue;
    }
    const base = path.resolve(path.dirname(file), fileName.replace(/\.js$/, ''));
    const target = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
      (candidate) => files.has(candidate),
    );
    if (target) {
      found.push(target);
    }
  }
  return found;
}

/** Every circle of imports among the given files (absolute path to text), each as its files in a loop. */
export function findImportCycles(sources: ReadonlyMap<string, string>): string[][] {
  const files = new Set(sources.keys());
  const edges = new Map([...sources].map(([file, text]) => [file, importsOf(file, text, files)]));
  // Tarjan's strongly connected components: each component of more than one file is a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || edges.get(file)?.includes(file)) {
        cycles.push(component.sort());
      }
    }
  };
  for (const file of files) {
    if (!index.has(file)) {
      visit(file);
    }
  }
  return cycles;
}

/** The TypeScript files below the given folders. */
export function readSources(folders: readonly string[]): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) {
        if (!SKIP.has(name)) {
          walk(full);
        }
      } else if (SOURCE.test(name) && !name.endsWith('.d.ts')) {
        sources.set(full, readFileSync(full, 'utf8'));
      }
    }
  };
  folders.forEach(walk);
  return sources;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const CHECKED_FOLDERS = [
  'apps/server/src',
  'apps/server/test',
  'apps/web/src',
  'packages/domain/src',
  'e2e',
  'bench',
].map((folder) => path.join(root, folder));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = findImportCycles(readSources(CHECKED_FOLDERS));
  for (const cycle of cycles) {
    console.error(`import circle: ${cycle.map((file) => path.relative(root, file)).join(' <-> ')}`);
  }
  if (cycles.length > 0) {
    process.exit(1);
  }
}
