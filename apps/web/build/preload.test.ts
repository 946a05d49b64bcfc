import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { skipLoadedPreloads, staticallyLoaded } from './preload';

/** The fields of an output chunk the plugin reads. */
function bundleOf(imports: Record<string, string[]>): Rolldown.OutputBundle {
  return Object.fromEntries(
    Object.entries(imports).map(([fileName, chunkImports]) => [
      fileName,
      { type: 'chunk', fileName, imports: chunkImports } as unknown as Rolldown.OutputChunk,
    ]),
  );
}

const bundle = bundleOf({
  'assets/start.js': ['assets/react.js', 'assets/Button.js'],
  'assets/Button.js': ['assets/Box.js'],
  'assets/Box.js': ['assets/react.js'],
  'assets/react.js': [],
  'assets/SearchPage.js': ['assets/Button.js', 'assets/Table.js'],
  'assets/Table.js': ['assets/Box.js'],
});

describe('preloads of lazy imports', () => {
  it('knows what a chunk loads statically, however deep, and nothing it imports lazily', () => {
    expect([...staticallyLoaded(bundle, 'assets/start.js')].sort()).toEqual([
      'assets/Box.js',
      'assets/Button.js',
      'assets/react.js',
      'assets/start.js',
    ]);
  });

  it('drops what the importing chunk has loaded already and keeps the rest', () => {
    const preloads = skipLoadedPreloads();
    const generateBundle = preloads.plugin.generateBundle as { handler: (...args: unknown[]) => void };
    generateBundle.handler.call({}, {}, bundle, false);
    const deps = ['assets/SearchPage.js', 'assets/Button.js', 'assets/Box.js', 'assets/react.js', 'assets/Table.js'];
    expect(
      preloads.resolveDependencies('assets/SearchPage.js', deps, { hostId: 'assets/start.js', hostType: 'js' }),
    ).toEqual(['assets/SearchPage.js', 'assets/Table.js']);
  });

  it('keeps every dependency before the bundle is known', () => {
    const deps = ['assets/Button.js'];
    expect(
      skipLoadedPreloads().resolveDependencies('assets/x.js', deps, { hostId: 'assets/start.js', hostType: 'js' }),
    ).toEqual(deps);
  });
});
