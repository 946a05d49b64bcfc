import type { Plugin, ResolveModulePreloadDependenciesFn, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;

/** The chunks that are loaded whenever `fileName` runs: itself and everything it imports statically. */
export function staticallyLoaded(bundle: OutputBundle, fileName: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (name: string) => {
    const output = bundle[name];
    if (loaded.has(name) || output?.type !== 'chunk') {
      return;
    }
    loaded.add(name);
    output.imports.forEach(visit);
  };
  visit(fileName);
  return loaded;
}

/**
 * Vite preloads every chunk a lazy import needs, also those the importing chunk has already
 * imported statically and so are loaded by then; each is a link inserted into the page on the main
 * thread (docs/performance.md). `resolveDependencies` drops those, using the bundle the plugin keeps.
 */
export function skipLoadedPreloads() {
  let bundle: OutputBundle | undefined;
  const plugin: Plugin = {
    name: 'graftmatch:skip-loaded-preloads',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
  const resolveDependencies: ResolveModulePreloadDependenciesFn = (_fileName, deps, { hostId }) => {
    if (!bundle) {
      return deps;
    }
    const loaded = staticallyLoaded(bundle, hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
