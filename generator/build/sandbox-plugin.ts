import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { bundleClassicScript, type ClassicScript } from './classic-script.mjs';

/** The virtual module the renderer imports to get the sandbox scripts as strings. */
export const SANDBOX_MODULE_ID = 'virtual:suip-sandbox';
const RESOLVED_ID = `\0${SANDBOX_MODULE_ID}`;
/** The stream Worker's script as a string (`shared/stream-worker-main.ts`), for `adapters/kit/agent-stream.ts`. */
export const STREAM_WORKER_MODULE_ID = 'virtual:suip-stream-worker';
const RESOLVED_STREAM_WORKER_ID = `\0${STREAM_WORKER_MODULE_ID}`;
/** Imported by the relay to embed the Worker runtime; resolved only inside the nested build. */
const RUNTIME_SOURCE_ID = 'virtual:suip-runtime-source';
/** Imported by the relay to start its gate Worker (relay/gate-main.ts); resolved only inside the nested build. */
const GATE_SOURCE_ID = 'virtual:suip-gate-source';

const RELAY_ENTRY = fileURLToPath(new URL('../relay/relay-main.ts', import.meta.url));
const GATE_ENTRY = fileURLToPath(new URL('../relay/gate-main.ts', import.meta.url));
const RUNTIME_ENTRY = fileURLToPath(new URL('../runtime/worker-main.ts', import.meta.url));
const STREAM_WORKER_ENTRY = fileURLToPath(new URL('../../shared/stream-worker-main.ts', import.meta.url));

type Bundle = ClassicScript;

/**
 * Bundle one entry as a single classic script (IIFE) in memory. The sandbox origin is "null", so
 * the relay and the Worker runtime cannot load modules from the dev server: each must be one
 * self-contained script that the host inlines into the iframe's srcdoc.
 */
async function bundle(entry: string, embedded: Record<string, string> = {}): Promise<Bundle> {
  // Scripts embedded as strings (the runtime and the gate, in the relay), each a virtual module.
  const plugins: Plugin[] = Object.entries(embedded).map(([virtualId, source]) => ({
    name: virtualId,
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : undefined),
    load: (id) => (id === `\0${virtualId}` ? `export default ${JSON.stringify(source)};` : undefined),
  }));
  const built = await bundleClassicScript({
    entry,
    name: 'suipSandbox',
    plugins,
    // The wire's modules compile their TypeBox checks at load time; the sandbox never calls
    // them, and the sandbox CSP forbids the `new Function` they use. Treating those modules as
    // side-effect free lets unused checks drop out; declaring the schema builders pure (`Type.*`
    // and the two local helpers that wrap them) lets the unused schemas of a module whose plain
    // values the runtime does use (DEFAULT_LIMITS, the op builders) drop too, and TypeBox with
    // them: the runtime went from 24.4 to 13.1 KB gzip (issue 31).
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => id === entry || !/[\\/](shared|@sinclair[\\/]typebox)[\\/]/.test(id),
        manualPureFunctions: ['Type', 'opParams', 'groupFields'],
      },
    },
  });
  if (built === undefined) throw new Error(`suip sandbox build produced no chunk for ${entry}`);
  return built;
}

/** Both sandbox scripts: the Worker runtime, and the relay with the runtime embedded as a string. */
export async function buildSandboxSources(): Promise<{ runtime: Bundle; relay: Bundle }> {
  const runtime = await bundle(RUNTIME_ENTRY);
  const gate = await bundle(GATE_ENTRY);
  const relay = await bundle(RELAY_ENTRY, { [RUNTIME_SOURCE_ID]: runtime.code, [GATE_SOURCE_ID]: gate.code });
  // The gate's modules count as the relay's (their changes rebuild it).
  return { runtime, relay: { code: relay.code, modules: [...relay.modules, ...gate.modules] } };
}

/** Options of the sandbox plugin. */
export interface SuipSandboxOptions {
  /**
   * Builds the static sandbox document from the relay (the renderer's `sandboxSrcdoc`). When
   * given, the document is served at `/suip-sandbox.html` in dev and emitted as
   * `suip-sandbox.html` in the build: the strict-CSP mode, where a host whose own CSP forbids
   * inline scripts (srcdoc frames inherit it) loads the sandbox from a separate cookieless origin
   * instead (`RendererOptions.sandboxUrl`).
   */
  document?: (relaySource: string) => string;
}

/** File name of the static sandbox document (strict-CSP mode). */
export const SANDBOX_DOCUMENT = 'suip-sandbox.html';

/**
 * Vite plugin: `import { relaySource, runtimeSource } from 'virtual:suip-sandbox'` gives the relay
 * (iframe main thread, runtime included) and the Worker runtime as strings. Rebuilt when any of
 * their source files change.
 */
export function suipSandbox(options: SuipSandboxOptions = {}): Plugin {
  let cached: ReturnType<typeof buildSandboxSources> | undefined;
  const sources = () => (cached ??= buildSandboxSources());
  let streamWorker: Promise<Bundle> | undefined;
  const inputs = new Set<string>();
  return {
    name: 'suip-sandbox',
    resolveId: (id) =>
      id === SANDBOX_MODULE_ID ? RESOLVED_ID : id === STREAM_WORKER_MODULE_ID ? RESOLVED_STREAM_WORKER_ID : undefined,
    async load(id) {
      if (id === RESOLVED_STREAM_WORKER_ID) {
        const worker = await (streamWorker ??= bundle(STREAM_WORKER_ENTRY));
        for (const file of worker.modules) {
          inputs.add(file);
          this.addWatchFile(file);
        }
        return `export const streamWorkerSource = ${JSON.stringify(worker.code)};\n`;
      }
      if (id !== RESOLVED_ID) return undefined;
      const { runtime, relay } = await sources();
      for (const file of new Set([...runtime.modules, ...relay.modules])) {
        inputs.add(file);
        this.addWatchFile(file);
      }
      return (
        `export const relaySource = ${JSON.stringify(relay.code)};\nexport ` +
        `const runtimeSource = ${JSON.stringify(runtime.code)};\n`
      );
    },
    watchChange(id) {
      if (inputs.has(id)) [cached, streamWorker] = [undefined, undefined];
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (inputs.has(file)) [cached, streamWorker] = [undefined, undefined];
      });
      const document = options.document;
      if (document === undefined) return;
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== `/${SANDBOX_DOCUMENT}`) return next();
        sources().then(
          ({ relay, runtime }) => {
            for (const file of [...relay.modules, ...runtime.modules]) inputs.add(file);
            response.setHeader('Content-Type', 'text/html; charset=utf-8');
            response.setHeader('Cache-Control', 'no-store');
            response.end(document(relay.code));
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      if (options.document === undefined) return;
      const { relay } = await sources();
      this.emitFile({ type: 'asset', fileName: SANDBOX_DOCUMENT, source: options.document(relay.code) });
    },
  };
}
