/** Cases 3, 7 and 8: the token stream (page `bench/pages/token-stream.html`). */
const PAGE = '/bench/pages/token-stream.html';
const ANCHORS = ['suip', 'full', 'remote-dom', 'vanilla', 'floor'];

const wrong = (message) => Object.assign(new Error(message), { wrong: true });

/** Case 3, the headline: suip vs full re-send, remote-dom and vanilla DOM, same script, same run. */
export function tokenStream({ quick }) {
  const grid = quick ? [[150, 1000]] : [50, 150, 1000].flatMap((rate) => [100, 1000].map((particles) => [rate, particles]));
  return {
    name: 'browser-token-stream',
    description: 'issue 6 case 3: a simulated model streaming tokens into a UI (text grows per token, a new item every 30 tokens, 5% of tokens move or remove an item); suip vs (a) full re-send through the same renderer, (b) @remote-dom/core (polyfill + RemoteRootElement + BatchingRemoteConnection in a Worker in a sandboxed iframe, DOMRemoteReceiver), (c) vanilla DOM in the host, (d) floor: suip\'s wire from a sandboxed Worker and, on the host, only the parse, checkOp, validated apply and answer suip must do, then vanilla\'s DOM calls',
    variants: grid.flatMap(([rate, particles]) => ANCHORS.map((anchor) => `${rate}/${particles}/${anchor}`)),
    async run(session, variant) {
      const [rate, particles, anchor] = variant.split('/');
      const tokens = Math.max(150, Math.round(Number(rate) * (quick ? 1.5 : 2)));
      const r = await session.run(PAGE, 'tokenStream', { anchor, particles: Number(particles), rate: Number(rate), tokens });
      if (!r.correct) throw wrong(`${variant}: ${r.problem}`);
      const at = `${rate}/${particles}`;
      const k = (metric, who = anchor) => `${at}/${who}/${metric}`;
      const headline = anchor === 'suip' && rate === '150' && particles === '1000';
      const cpu = r.taskMs / tokens;
      const rows = [
        { key: k('p50'), label: `${at} tok/s/particles ${anchor}: token→paint p50`, value: r.p50, unit: 'ms', matrix: { row: `${at} p50 ms`, column: anchor } },
        { key: k('p95'), label: `${at} ${anchor}: token→paint p95`, value: r.p95, unit: 'ms', matrix: { row: `${at} p95 ms`, column: anchor } },
        { key: k('busy'), label: `${at} ${anchor}: host main thread busy`, value: r.busyPct, unit: '%', matrix: { row: `${at} host busy %`, column: anchor } },
        { key: k('cpu'), label: `${at} ${anchor}: host CPU per token`, value: cpu, unit: 'ms', matrix: { row: `${at} host CPU ms/token`, column: anchor } },
        { key: k('long'), label: `${at} ${anchor}: long animation frames`, value: r.longFrames, unit: 'ops', matrix: { row: `${at} long frames`, column: anchor } },
        { key: k('bytes'), label: `${at} ${anchor}: bytes per token`, value: r.bytesPerToken, unit: 'bytes', matrix: { row: `${at} bytes/token`, column: anchor } },
        ...(r.messages > 0 ? [{ key: k('per-message'), label: `${at} ${anchor}: tokens per message`, value: tokens / r.messages, unit: 'tok', matrix: { row: `${at} tokens/message`, column: anchor } }] : []),
      ];
      // The floor anchor's own distance from vanilla: the sandbox boundary, the validated apply and the answer.
      if (anchor === 'floor') return [...rows, { key: k('vs-vanilla'), label: `${at} floor anchor host CPU vs vanilla`, value: cpu, unit: 'ms', anchor: k('cpu', 'vanilla') }];
      if (anchor !== 'suip') return rows;
      // Targets as separate rows: each compares with one anchor (ratio = anchor ÷ suip).
      const t = (text) => (headline ? text : undefined);
      const extra = [
        { key: k('t-p95'), label: `${at} suip p95 (target)`, value: r.p95, unit: 'ms', anchor: k('p95', 'remote-dom'), target: t({ max: 18, minRatio: 1, text: 'issue 6: p95 ≤ 18 ms and no worse than remote-dom' }) },
        { key: k('t-busy'), label: `${at} suip host busy (target)`, value: r.busyPct, unit: '%', target: t({ max: 10, text: 'issue 6: host busy ≤ 10%' }) },
        { key: k('t-cpu-full'), label: `${at} suip host CPU vs full re-send`, value: cpu, unit: 'ms', anchor: k('cpu', 'full'), target: t({ minRatio: 10, text: 'issue 6: ≥ 10x less host CPU than full re-send' }) },
        { key: k('t-cpu-remote'), label: `${at} suip host CPU vs remote-dom`, value: cpu, unit: 'ms', anchor: k('cpu', 'remote-dom'), target: t({ minRatio: 1, text: 'issue 6: host CPU no worse than remote-dom' }) },
        { key: k('t-cpu-floor'), label: `${at} suip host CPU vs the floor anchor (what suip must do, no view)`, value: cpu, unit: 'ms', anchor: k('cpu', 'floor') },
        { key: k('t-cpu-vanilla'), label: `${at} suip host CPU vs vanilla`, value: cpu, unit: 'ms', anchor: k('cpu', 'vanilla'), target: t({ minRatio: 1 / 1.5, text: 'issue 6: host CPU ≤ 1.5x vanilla (vanilla ÷ suip ≥ 0.67)' }) },
        { key: k('t-bytes'), label: `${at} suip bytes vs full re-send`, value: r.bytesPerToken, unit: 'bytes', anchor: k('bytes', 'full'), target: t({ minRatio: 100, text: 'issue 6: ≥ 100x fewer bytes than full re-send' }) },
      ];
      return [...rows, ...extra.map((row) => (row.target === undefined ? (delete row.target, row) : row))];
    },
  };
}

/** Case 7: one paragraph streamed to ~4,000 characters; bytes and host CPU per token over time. */
export function longText({ quick }) {
  const rate = quick ? 300 : 150;
  return {
    name: 'browser-long-text',
    description: 'issue 6 case 7: one paragraph streamed token by token to ~4,000 characters through the real sandbox; suip (text append) vs re-sending the paragraph per flush; first vs last quarter of the stream; plus the view alone per token at 250 / 1,000 / 4,000 characters',
    variants: ['suip', 'full', 'view'],
    async run(session, variant) {
      if (variant === 'view') {
        // The view alone (no sandbox): suip's transaction + <suip-text> vs a text node, same page
        // run, so "suip − vanilla" is the renderer's own share (vanilla pays the layout of a
        // longer paragraph too).
        const lengths = [250, 1000, 4000];
        const runs = {};
        for (const kind of ['suip', 'vanilla']) {
          runs[kind] = await session.run('/bench/pages/lit-update.html', 'textCost', { kind, lengths, repeats: quick ? 30 : 80 });
          if (!runs[kind].correct) throw wrong(`view ${kind}: the paragraph on screen is not the streamed text`);
        }
        const rows = [];
        for (const length of lengths) {
          for (const kind of ['suip', 'vanilla']) rows.push({ key: `view/${kind}/${length}`, label: `view only, ${kind}: one token on a ${length}-character paragraph (main-thread CPU)`, value: runs[kind].cpuMsPerToken[length], unit: 'ms', matrix: { row: `${length} chars`, column: kind } });
          rows.push({ key: `view/own/${length}`, label: `suip's own share (suip − vanilla) at ${length} characters`, value: Math.max(0.001, runs.suip.cpuMsPerToken[length] - runs.vanilla.cpuMsPerToken[length]), unit: 'ms', matrix: { row: `${length} chars`, column: 'suip − vanilla' } });
        }
        rows.push({ key: 'view/own-growth', label: "suip's own share per token at 4,000 characters", value: rows.find((r) => r.key === 'view/own/4000').value, unit: 'ms', anchor: 'view/own/250', target: { minRatio: 1 / 1.5, text: 'flat: at 4,000 chars ≤ 1.5x its cost at 250 (our reading of "flat")' } });
        return rows;
      }
      const tokens = 822; // ' w<i>' tokens: 10·3 + 90·4 + 722·5 = 4,000 characters at the end
      const r = await session.run(PAGE, 'tokenStream', { anchor: variant, particles: 2, rate, tokens, tokensPerItem: 1e9, churn: 0, segments: 4 });
      if (!r.correct) throw wrong(`${variant}: ${r.problem}`);
      const [first, , , last] = r.segments;
      // A whole-leaf replace per token at the final length, computed: what "replacing the leaf" costs on the wire.
      const finalText = Array.from({ length: tokens }, (_, i) => ` w${i}`).join('');
      const replaceBytes = JSON.stringify([{ jsonrpc: '2.0', method: 'suip/ops/replace', params: { path: ['list', 'i0', 't'], particle: { text: finalText } }, id: 't1' }]).length;
      const rows = [
        { key: `${variant}/bytes-first`, label: `${variant}: bytes per token, first quarter (${first.textLength} chars at its end)`, value: first.bytesPerToken, unit: 'bytes' },
        { key: `${variant}/bytes-last`, label: `${variant}: bytes per token, last quarter (${last.textLength} chars)`, value: last.bytesPerToken, unit: 'bytes', anchor: `${variant}/bytes-first` },
        { key: `${variant}/cpu-first`, label: `${variant}: host CPU per token, first quarter`, value: first.taskMsPerToken, unit: 'ms' },
        { key: `${variant}/cpu-last`, label: `${variant}: host CPU per token, last quarter`, value: last.taskMsPerToken, unit: 'ms', anchor: `${variant}/cpu-first` },
        { key: `${variant}/p50`, label: `${variant}: token→paint p50 (whole stream)`, value: r.p50, unit: 'ms' },
      ];
      if (variant === 'suip') {
        rows.push({ key: 'replace-leaf/computed', label: `whole-leaf replace per token at ${finalText.length} chars (computed message size)`, value: replaceBytes, unit: 'bytes' });
        rows.push({ key: 'suip/bytes-vs-replace', label: 'suip bytes per token (last quarter) vs a whole-leaf replace per token', value: last.bytesPerToken, unit: 'bytes', anchor: ['replace-leaf/computed', 'full/bytes-last'], target: { minRatio: 50, text: 'issue 6: ≥ 50x fewer bytes than replacing the whole leaf per token' } });
      }
      return rows;
    },
  };
}

/** Issue 31 item 6: four generators streaming into one page at once (page `bench/pages/four-streams.html`). */
export function fourStreams({ quick }) {
  const streams = 4;
  const rate = 150;
  const particles = quick ? 250 : 1000;
  return {
    name: 'browser-four-streams',
    description: `issue 31 item 6: ${streams} simulated models streaming at once into one page (${rate} tok/s each into ${particles} particles each, the case-3 script with a seed per stream); suip (one renderer, a sandboxed program per stream) vs remote-dom (a sandboxed frame and receiver per stream) vs vanilla DOM; host CPU per token for all streams, token → paint of the last one`,
    variants: ['suip', 'remote-dom', 'vanilla', 'floor'],
    async run(session, anchor) {
      const tokens = Math.round(rate * (quick ? 1.5 : 2));
      const r = await session.run('/bench/pages/four-streams.html', 'fourStreams', { anchor, streams, particles, rate, tokens });
      if (!r.correct) throw wrong(`${anchor}: ${r.problem}`);
      const cpu = r.taskMs / (streams * tokens);
      const k = (metric, who = anchor) => `four/${who}/${metric}`;
      const rows = [
        { key: k('cpu'), label: `${anchor}: host CPU per token (${streams} streams)`, value: cpu, unit: 'ms', matrix: { row: 'host CPU ms/token', column: anchor } },
        { key: k('busy'), label: `${anchor}: host main thread busy`, value: r.busyPct, unit: '%', matrix: { row: 'host busy %', column: anchor } },
        { key: k('p50'), label: `${anchor}: token→paint p50 (last stream)`, value: r.p50, unit: 'ms', matrix: { row: 'p50 ms (last stream)', column: anchor } },
        { key: k('p95'), label: `${anchor}: token→paint p95 (last stream)`, value: r.p95, unit: 'ms', matrix: { row: 'p95 ms (last stream)', column: anchor } },
        { key: k('long'), label: `${anchor}: long animation frames`, value: r.longFrames, unit: 'ops', matrix: { row: 'long frames', column: anchor } },
        ...(r.messages > 0 ? [{ key: k('per-message'), label: `${anchor}: tokens per message`, value: (streams * tokens) / r.messages, unit: 'tok', matrix: { row: 'tokens/message', column: anchor } }] : []),
      ];
      if (anchor !== 'suip') return rows;
      return [
        ...rows,
        { key: k('t-cpu-vanilla'), label: `suip host CPU vs vanilla, ${streams} streams`, value: cpu, unit: 'ms', anchor: k('cpu', 'vanilla'), target: { minRatio: 1 / 1.1, text: 'issue 31: four-stream host CPU ≤ 1.1x vanilla (vanilla ÷ suip ≥ 0.91)' } },
        { key: k('t-cpu-remote'), label: `suip host CPU vs remote-dom, ${streams} streams`, value: cpu, unit: 'ms', anchor: k('cpu', 'remote-dom') },
        { key: k('t-cpu-floor'), label: `suip host CPU vs the floor anchor, ${streams} streams`, value: cpu, unit: 'ms', anchor: k('cpu', 'floor') },
        { key: k('t-p95'), label: `suip p95 vs vanilla, ${streams} streams (last stream)`, value: r.p95, unit: 'ms', anchor: k('p95', 'vanilla') },
      ];
    },
  };
}
