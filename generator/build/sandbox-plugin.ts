import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

/** The virtual module the renderer imports to get the sandbox scripts as strings. */
export const SANDBOX_MODULE_ID = 'virtual:suip-sandbox';
const RESOLVED_ID = `\0${SANDBOX_MODULE_ID}`;
/** Imported by the relay to embed the Worker runtime; resolved only inside the nested build. */
const RUNTIME_SOURCE_ID = 'virtual:suip-runtime-source';

const RELAY_ENTRY = fileURLToPath(new URL('../relay/relay-main.ts', import.meta.url));
const RUNTIME_ENTRY = fileURLToPath(new URL('../runtime/worker-main.ts', import.meta.url));

interface Bundle {
  code: string;
  modules: string[];
}

/**
 * Bundle one entry as a single classic script (IIFE) in memory. The sandbox origin is "null", so
 * the relay and the Worker runtime cannot load modules from the dev server: each must be one
 * self-contained script that the host inlines into the iframe's srcdoc.
 */
async function bundle(entry: string, runtimeSource?: string): Promise<Bundle> {
  const plugins: Plugin[] = [];
  if (runtimeSource !== undefined) {
    plugins.push({
      name: 'suip-runtime-source',
      resolveId: (id) => (id === RUNTIME_SOURCE_ID ? `\0${RUNTIME_SOURCE_ID}` : undefined),
      load: (id) => (id === `\0${RUNTIME_SOURCE_ID}` ? `export default ${JSON.stringify(runtimeSource)};` : undefined),
    });
  }
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      emptyOutDir: false,
      lib: { entry, formats: ['iife'], name: 'suipSandbox', fileName: () => 'out.js' },
      rollupOptions: {
        // The wire's modules compile their TypeBox checks at load time; the sandbox never calls
        // them, and the sandbox CSP forbids the `new Function` they use. Treating those modules as
        // side-effect free lets unused checks (and TypeBox itself) drop out of the bundle.
        treeshake: { moduleSideEffects: (id: string) => !/[\\/](shared|@sinclair[\\/]typebox)[\\/]/.test(id) },
      },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const out of outputs) {
    if (!('output' in out)) continue;
    for (const chunk of out.output) {
      if (chunk.type === 'chunk') return { code: chunk.code, modules: chunk.moduleIds.filter((id) => !id.startsWith('\0')) };
    }
  }
  throw new Error(`suip sandbox build produced no chunk for ${entry}`);
}

/** Both sandbox scripts: the Worker runtime, and the relay with the runtime embedded as a string. */
export async function buildSandboxSources(): Promise<{ runtime: Bundle; relay: Bundle }> {
  const runtime = await bundle(RUNTIME_ENTRY);
  const relay = await bundle(RELAY_ENTRY, runtime.code);
  return { runtime, relay };
}

/**
 * Vite plugin: `import { relaySource, runtimeSource } from 'virtual:suip-sandbox'` gives the relay
 * (iframe main thread, runtime included) and the Worker runtime as strings. Rebuilt when any of
 * their source files change.
 */
export function suipSandbox(): Plugin {
  return {
    name: 'suip-sandbox',
    resolveId: (id) => (id === SANDBOX_MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { runtime, relay } = await buildSandboxSources();
      for (const file of new Set([...runtime.modules, ...relay.modules])) this.addWatchFile(file);
      return `export const relaySource = ${JSON.stringify(relay.code)};\nexport const runtimeSource = ${JSON.stringify(runtime.code)};\n`;
    },
  };
}
