import { build } from 'vite';

/**
 * The build options of one sandbox script: the entry bundled alone as a classic script (an IIFE
 * exposing `name`), ES2022, minified, no source map, kept in memory. A `sandbox="allow-scripts"`
 * iframe has the origin "null" and cannot load modules from a dev server, so every script that
 * runs there (suip's relay and Worker runtime, the widget shell, the bench's anchors) is built this
 * way and inlined by its host. Plain JavaScript so that the bench's Node scripts import it too.
 * @param {{ entry: string, name: string, plugins?: import('vite').PluginOption[],
 *   rollupOptions?: import('vite').BuildOptions['rollupOptions'] }} options
 * @returns {import('vite').InlineConfig}
 */
export function classicScriptConfig({ entry, name, plugins = [], rollupOptions }) {
  return {
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      emptyOutDir: false,
      lib: { entry, formats: ['iife'], name, fileName: () => 'out.js' },
      ...(rollupOptions === undefined ? {} : { rollupOptions }),
    },
  };
}

/**
 * Builds one classic script with `classicScriptConfig` and returns its code and the files it was
 * built from (for the caller's watcher), or undefined when the build produced no chunk (the
 * caller names its entry in the error).
 * @param {Parameters<typeof classicScriptConfig>[0]} options
 * @returns {Promise<{ code: string, modules: string[] } | undefined>}
 */
export async function bundleClassicScript(options) {
  const output = await build(classicScriptConfig(options));
  for (const out of Array.isArray(output) ? output : [output]) {
    if (!('output' in out)) continue;
    for (const chunk of out.output)
      if (chunk.type === 'chunk')
        return { code: chunk.code, modules: chunk.moduleIds.filter((id) => !id.startsWith('\0')) };
  }
  return undefined;
}
