import { fileURLToPath } from 'node:url';
import { bundleClassicScript } from '../../generator/build/classic-script.mjs';

/**
 * Virtual module giving the benchmark pages the anchors' Worker scripts (remote-dom, styled floor, limit) as strings.
 */
export const ANCHORS_MODULE_ID = 'virtual:bench-anchors';
const RESOLVED_ID = `\0${ANCHORS_MODULE_ID}`;

const REMOTE_DOM_ENTRY = fileURLToPath(new URL('../anchors-browser/remote-dom-worker.ts', import.meta.url));
const FLOOR_ENTRY = fileURLToPath(new URL('../anchors-browser/floor-worker.ts', import.meta.url));
const LIMIT_ENTRY = fileURLToPath(new URL('../anchors-browser/limit-worker.ts', import.meta.url));

/**
 * Bundle one entry as a single classic script. Like suip's own sandbox, the remote-dom anchor runs
 * in a `sandbox="allow-scripts"` srcdoc iframe (origin "null"), which cannot load modules from the
 * dev server, so its code is inlined.
 */
async function bundle(entry) {
  const built = await bundleClassicScript({ entry, name: 'benchAnchor' });
  if (built === undefined) throw new Error(`bench anchor build produced no chunk for ${entry}`);
  return built;
}

/** Vite plugin: `import { remoteDomWorkerSource } from 'virtual:bench-anchors'`. */
export function benchAnchors() {
  return {
    name: 'bench-anchors',
    resolveId: (id) => (id === ANCHORS_MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const [remoteDom, floor, limit] = await Promise.all([
        bundle(REMOTE_DOM_ENTRY),
        bundle(FLOOR_ENTRY),
        bundle(LIMIT_ENTRY),
      ]);
      for (const file of [...remoteDom.modules, ...floor.modules, ...limit.modules]) this.addWatchFile(file);
      const sources = { remoteDomWorkerSource: remoteDom, floorWorkerSource: floor, limitWorkerSource: limit };
      return Object.entries(sources)
        .map(([name, { code }]) => `export const ${name} = ${JSON.stringify(code)};\n`)
        .join('');
    },
  };
}
