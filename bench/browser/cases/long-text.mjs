/** Case 7: one paragraph streamed to ~4,000 characters (page `bench/pages/token-stream.html`). */
import { PAGE, wrong } from './token-stream.mjs';

/** Case 7: one paragraph streamed to ~4,000 characters; bytes and host CPU per token over time. */
export function longText({ quick }) {
  const rate = quick ? 300 : 150;
  return {
    name: 'browser-long-text',
    description:
      'issue 6 case 7: one paragraph streamed token by token to ~4,000 characters through the real sandbox; suip ' +
      '(text append) vs re-sending the paragraph per flush; first vs last quarter of the stream; plus the view ' +
      'alone per token at 250 to 261,632 characters (the maximum text length less the appended tokens; issue 43)',
    variants: ['suip', 'full', 'view'],
    async run(session, variant) {
      if (variant === 'view') return viewOnlyRows(session, quick);
      const tokens = 822; // ' w<i>' tokens: 10·3 + 90·4 + 722·5 = 4,000 characters at the end
      const r = await session.run(PAGE, 'tokenStream', {
        anchor: variant,
        particles: 2,
        rate,
        tokens,
        tokensPerItem: 1e9,
        churn: 0,
        segments: 4,
      });
      if (!r.correct) throw wrong(`${variant}: ${r.problem}`);
      const [first, , , last] = r.segments;
      // A whole-leaf replace per token at the final length, computed: what "replacing the leaf" costs on the wire.
      const finalText = Array.from({ length: tokens }, (_, i) => ` w${i}`).join('');
      const replaceBytes = JSON.stringify([
        {
          jsonrpc: '2.0',
          method: 'suip/ops/replace',
          params: { path: ['list', 'i0', 't'], particle: { text: finalText } },
          id: 't1',
        },
      ]).length;
      const rows = [
        {
          key: `${variant}/bytes-first`,
          label: `${variant}: bytes per token, first quarter (${first.textLength} chars at its end)`,
          value: first.bytesPerToken,
          unit: 'bytes',
        },
        {
          key: `${variant}/bytes-last`,
          label: `${variant}: bytes per token, last quarter (${last.textLength} chars)`,
          value: last.bytesPerToken,
          unit: 'bytes',
          anchor: `${variant}/bytes-first`,
        },
        {
          key: `${variant}/cpu-first`,
          label: `${variant}: host CPU per token, first quarter`,
          value: first.taskMsPerToken,
          unit: 'ms',
        },
        {
          key: `${variant}/cpu-last`,
          label: `${variant}: host CPU per token, last quarter`,
          value: last.taskMsPerToken,
          unit: 'ms',
          anchor: `${variant}/cpu-first`,
        },
        { key: `${variant}/p50`, label: `${variant}: token→paint p50 (whole stream)`, value: r.p50, unit: 'ms' },
      ];
      if (variant === 'suip') {
        rows.push({
          key: 'replace-leaf/computed',
          label: `whole-leaf replace per token at ${finalText.length} chars (computed message size)`,
          value: replaceBytes,
          unit: 'bytes',
        });
        rows.push({
          key: 'suip/bytes-vs-replace',
          label: 'suip bytes per token (last quarter) vs a whole-leaf replace per token',
          value: last.bytesPerToken,
          unit: 'bytes',
          anchor: ['replace-leaf/computed', 'full/bytes-last'],
          target: { minRatio: 50, text: 'issue 6: ≥ 50x fewer bytes than replacing the whole leaf per token' },
        });
      }
      return rows;
    },
  };
}

/**
 * The view alone (no sandbox): suip's transaction + <suip-text> vs a text node, same page run, so
 * "suip − vanilla" is the renderer's own share (vanilla pays the layout of a longer paragraph too).
 */
async function viewOnlyRows(session, quick) {
  // The view alone (no sandbox): suip's transaction + <suip-text> vs a text node, same page
  // run, so "suip − vanilla" is the renderer's own share (vanilla pays the layout of a
  // longer paragraph too).
  // Up to the maximum text length (DEFAULT_LIMITS.maxTextLength, 262,144): the last paragraph
  // starts 512 characters below it so its appended tokens keep it within (issue 43).
  const lengths = quick ? [250, 4000, 65536] : [250, 1000, 4000, 16384, 65536, 262144 - 512];
  const runs = {};
  for (const kind of ['suip', 'vanilla']) {
    runs[kind] = await session.run('/bench/pages/lit-update.html', 'textCost', {
      kind,
      lengths,
      repeats: quick ? 30 : 80,
    });
    if (!runs[kind].correct) throw wrong(`view ${kind}: the paragraph on screen is not the streamed text`);
  }
  const rows = [];
  for (const length of lengths) {
    for (const kind of ['suip', 'vanilla'])
      rows.push({
        key: `view/${kind}/${length}`,
        label: `view only, ${kind}: one token on a ${length}-character paragraph (main-thread CPU)`,
        value: runs[kind].cpuMsPerToken[length],
        unit: 'ms',
        matrix: { row: `${length} chars`, column: kind },
      });
    rows.push({
      key: `view/own/${length}`,
      label: `suip's own share (suip − vanilla) at ${length} characters`,
      value: Math.max(0.001, runs.suip.cpuMsPerToken[length] - runs.vanilla.cpuMsPerToken[length]),
      unit: 'ms',
      matrix: { row: `${length} chars`, column: 'suip − vanilla' },
    });
  }
  rows.push({
    key: 'view/own-growth',
    label: "suip's own share per token at 4,000 characters",
    value: rows.find((r) => r.key === 'view/own/4000').value,
    unit: 'ms',
    anchor: 'view/own/250',
    target: { minRatio: 1 / 1.5, text: 'flat: at 4,000 chars ≤ 1.5x its cost at 250 (our reading of "flat")' },
  });
  const longest = lengths[lengths.length - 1];
  rows.push({
    key: 'view/own-growth-max',
    label: `suip's own share per token at ${longest.toLocaleString('en-US')} characters`,
    value: rows.find((r) => r.key === `view/own/${longest}`).value,
    unit: 'ms',
    anchor: 'view/own/250',
  });
  return rows;
}
