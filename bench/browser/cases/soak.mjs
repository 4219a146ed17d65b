/** Case 8: soak — case 3 over and over with a UI reset each time; heap after GC and detached elements. */
const PAGE = '/bench/pages/token-stream.html';

/**
 * HTMLElements alive in the page's heap after a GC that are not in a document, by tag name.
 * (queryObjects also returns the prototype objects of every element class; they throw on
 * `isConnected` and are skipped.)
 */
async function detachedElements(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { result: proto } = await cdp.send('Runtime.evaluate', { expression: 'HTMLElement.prototype' });
  const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.objectId });
  const { result } = await cdp.send('Runtime.callFunctionOn', {
    objectId: objects.objectId,
    functionDeclaration: `function () {
    const byTag = {};
    for (const el of this) {
      let detached = false;
      try { detached = !el.isConnected; } catch { continue; }
      if (detached) byTag[el.localName] = (byTag[el.localName] ?? 0) + 1;
    }
    return byTag;
  }`,
    returnByValue: true,
  });
  await cdp.send('Runtime.releaseObject', { objectId: objects.objectId });
  await cdp.send('Runtime.releaseObject', { objectId: proto.objectId });
  return result.value;
}

async function heapAfterGc(cdp) {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

export function soak({ quick, nightly }) {
  const durationMs = nightly ? 10 * 60_000 : quick ? 20_000 : 60_000;
  return {
    name: 'browser-soak',
    description: `issue 6 case 8: case 3 (suip, 150 tok/s, 1,000 particles) repeated for ${durationMs / 1000} s, each cycle a fresh renderer + sandbox (UI reset); heap after GC per cycle, detached elements`,
    variants: ['suip'],
    maxRounds: 1,
    async run(session) {
      return session.withPage(PAGE, async (page, cdp) => {
        await page.waitForFunction(() => typeof window.bench?.tokenStream === 'function', undefined, {
          timeout: 60_000,
        });
        await cdp.send('HeapProfiler.enable');
        const heaps = [];
        const detached = [];
        const start = Date.now();
        let cycles = 0;
        while (Date.now() - start < durationMs || cycles < 3) {
          const r = await page.evaluate((p) => window.bench.tokenStream(p), {
            anchor: 'suip',
            particles: 1000,
            rate: 150,
            tokens: 450,
            seed: cycles + 1,
          });
          if (!r.correct) throw Object.assign(new Error(`soak cycle ${cycles}: ${r.problem}`), { wrong: true });
          heaps.push(await heapAfterGc(cdp));
          detached.push(await detachedElements(cdp));
          cycles++;
        }
        // Cycle 1 is the warm-up (JIT code, Lit template caches, the sandbox bundle strings).
        const base = heaps[1];
        const last = heaps[heaps.length - 1];
        const drift = (100 * (last - base)) / base;
        const total = (byTag) => Object.values(byTag).reduce((a, b) => a + b, 0);
        const lastDetached = detached[detached.length - 1];
        const kinds =
          Object.entries(lastDetached)
            .map(([tag, n]) => `${n} ${tag}`)
            .join(', ') || 'none';
        return [
          { key: 'soak/cycles', label: `cycles of 450 tokens in ${durationMs / 1000} s`, value: cycles, unit: 'ops' },
          { key: 'soak/heap-base', label: 'heap after GC after cycle 2', value: base / 1024, unit: 'KB' },
          {
            key: 'soak/heap-last',
            label: 'heap after GC after the last cycle',
            value: last / 1024,
            unit: 'KB',
            note: heaps.map((h) => Math.round(h / 1024)).join(' '),
          },
          {
            key: 'soak/heap-drift',
            label: 'heap drift, last vs cycle 2',
            value: Math.abs(drift),
            unit: '%',
            note: `${drift >= 0 ? '+' : '−'}${Math.abs(drift).toFixed(1)}%`,
            target: { max: 5, text: 'issue 6: heap after GC flat (±5%)' },
          },
          {
            key: 'soak/detached',
            label: 'detached HTMLElements alive after GC, last cycle',
            value: total(lastDetached),
            unit: 'ops',
            note: `${kinds}; per cycle: ${detached.map(total).join(' ')}`,
          },
          {
            key: 'soak/detached-growth',
            label: 'detached HTMLElements retained per UI reset (growth from cycle 2 to the last)',
            value: Math.max(0, total(lastDetached) - total(detached[1])),
            unit: 'ops',
            target: { max: 0, text: 'issue 6: no detached elements retained (none accumulate across resets)' },
          },
        ];
      });
    },
  };
}
