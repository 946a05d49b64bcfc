import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The app loads Mantine's styles per component (styles.ts for the first screen, signedInStyles.ts
// behind login) instead of the whole sheet. A component without its file renders unstyled and
// nothing else would say so: these checks read the code and Mantine's own sources.
const SRC = path.resolve(import.meta.dirname, '..');
const MANTINE = path.resolve(SRC, '../../../node_modules/@mantine');
const CORE = path.join(MANTINE, 'core');

// Shown before login: the first screen, the public pages loaded on demand, and the notifications.
const FIRST_SCREEN = [
  'app/start.tsx',
  'app/NotificationsContainer.tsx',
  'features/auth/ForgotPasswordPage.tsx',
  'features/auth/RecoverPage.tsx',
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

const appFiles = files(SRC).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));

/**
 * The app's files a file imports statically (not through `import()`), itself included. Type-only
 * imports (`import type`) are left out: they are gone from the built code.
 */
function staticClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const todo = entries.map((entry) => path.join(SRC, entry));
  while (todo.length > 0) {
    const file = todo.pop() as string;
    if (seen.has(file)) {
      continue;
    }
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(
      /^(?:import|export)\s(?!type\s)(?:[^'"]*?\sfrom\s)?'(\.[^']+)'/gm,
    )) {
      const base = path.resolve(path.dirname(file), spec as string);
      const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate),
      );
      if (found) {
        todo.push(found);
      }
    }
  }
  return [...seen];
}

// Which folder of @mantine/core (components/X or utils/X) each exported name comes from.
const folderOf = new Map<string, string>();
for (const [, names, folder] of readFileSync(path.join(CORE, 'esm/index.mjs'), 'utf8').matchAll(
  /import \{([^}]*)\} from "\.\/((?:components|utils)\/[^/]+)\//g,
)) {
  for (const name of (names as string).split(',')) {
    folderOf.set(name.trim().split(' as ').pop() as string, folder as string);
  }
}

/** The Mantine style files the given sources need: their components and what those are built from. */
function neededStyles(sources: string[]): Set<string> {
  const todo: string[] = [];
  for (const source of sources) {
    for (const [, names] of readFileSync(source, 'utf8').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g,
    )) {
      for (const name of (names as string).split(',')) {
        const folder = folderOf.get(
          name
            .trim()
            .replace(/^type /, '')
            .split(' as ')[0]
            ?.trim() ?? '',
        );
        if (folder) {
          todo.push(folder);
        }
      }
    }
  }
  const folders = new Set<string>();
  while (todo.length > 0) {
    const folder = todo.pop() as string;
    if (folders.has(folder)) {
      continue;
    }
    folders.add(folder);
    for (const file of files(path.join(CORE, 'esm', folder)).filter((name) => name.endsWith('.mjs'))) {
      for (const [, kind, name] of readFileSync(file, 'utf8').matchAll(
        /from "(?:\.\.\/)+((?:components|utils)\/)?([A-Z]\w+)\//g,
      )) {
        for (const candidate of kind ? [`${kind}${name}`] : [`components/${name}`, `utils/${name}`]) {
          if (existsSync(path.join(CORE, 'esm', candidate))) {
            todo.push(candidate);
          }
        }
      }
    }
  }
  const names = [...folders].map((folder) => path.basename(folder));
  return new Set(names.filter((name) => existsSync(path.join(CORE, 'styles', `${name}.css`))));
}

const packageSources = (name: string) => files(path.join(MANTINE, name, 'esm')).filter((file) => file.endsWith('.mjs'));

function imported(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  return [...text.matchAll(/@mantine\/core\/styles\/(\w[\w-]*)\.css/g)].map((match) => match[1] as string);
}

const firstScreen = imported('app/styles.ts');
const signedIn = imported('app/signedInStyles.ts');

describe("Mantine's styles per component", () => {
  it('give the first screen every style its components need', () => {
    const needed = neededStyles([...staticClosure(FIRST_SCREEN), ...packageSources('notifications')]);
    expect([...needed].filter((name) => !firstScreen.includes(name))).toEqual([]);
    expect(firstScreen.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it('give the signed-in screens the rest, each file once', () => {
    const needed = neededStyles([...appFiles, ...packageSources('dates'), ...packageSources('modals')]);
    expect([...needed].filter((name) => !firstScreen.includes(name) && !signedIn.includes(name))).toEqual([]);
    expect(signedIn.filter((name) => firstScreen.includes(name))).toEqual([]);
  });

  it('keep the order of the whole sheet, so a component still overrides what it is built from', () => {
    const sheet = readFileSync(path.join(CORE, 'styles.css'), 'utf8');
    const position = (name: string) =>
      sheet.indexOf(
        readFileSync(path.join(CORE, 'styles', `${name}.css`), 'utf8')
          .trim()
          .slice(0, 200),
      );
    for (const list of [firstScreen, signedIn]) {
      const positions = list.map(position);
      expect(positions.every((at) => at >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('load the signed-in styles with the signed-in layout only', () => {
    const signedInFile = path.join(SRC, 'app/signedInStyles.ts');
    expect(staticClosure(['app/AppLayout.tsx'])).toContain(signedInFile);
    expect(staticClosure(['main.tsx', ...FIRST_SCREEN])).not.toContain(signedInFile);
  });
});
