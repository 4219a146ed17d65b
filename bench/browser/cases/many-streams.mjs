/** Case 8: many generators streaming into one page (page `bench/pages/four-streams.html`). */
import { suipView, wrong } from './token-stream.mjs';

/** Issues 31 and 43: 1, 4 and 16 generators streaming into one page at once (page `bench/pages/four-streams.html`). */
export function manyStreams({ quick }) {
  const counts = quick ? [1, 4] : [1, 4, 16];
  const rate = 150;
  const particles = 100;
  // Vanilla is left out here for time: it differs from limit by the sandbox boundary alone (case 3 has both).
  const anchors = ['suip', 'remote-dom', 'limit', 'styled'];
  return {
    name: 'browser-many-streams',
    description: `issues 31 and 43: 1, 4 and 16 simulated models streaming at once into one page (${rate} tok/s each into ${particles} particles each, the case-3 script with a seed per stream); suip (one renderer, a sandboxed program per stream) vs remote-dom (a frame and receiver per stream), limit and styled (a sandboxed Worker each); host CPU per token for all streams, token→paint p50/p95 of the last stream and its backlog (token→paint of its last token)`,
    variants: counts.flatMap((n) => anchors.map((anchor) => `${n}/${anchor}`)),
    async run(session, variant) {
      const [n, anchor] = variant.split('/');
      const streams = Number(n);
      const tokens = Math.round(rate * (quick ? 1.5 : 2));
      const view = anchor === 'styled' ? await suipView(session) : undefined;
      const params = { anchor, streams, particles, rate, tokens, view };
      // Attaching all the streams before the first token is due is the page's precondition, not a
      // result: on a loaded machine a late attach runs again, twice at most.
      const attempt = () => session.run('/bench/pages/four-streams.html', 'fourStreams', params);
      const late = (error) => String(error?.message ?? error).includes('took too long to attach');
      const again = (error) => (late(error) ? attempt() : Promise.reject(error));
      const r = await attempt().catch(again).catch(again);
      if (!r.correct) throw wrong(`${variant}: ${r.problem}`);
      const cpu = r.taskMs / (streams * tokens);
      const k = (metric, who = anchor, count = n) => `streams/${count}/${who}/${metric}`;
      const rows = [
        {
          key: k('cpu'),
          label: `${n} streams, ${anchor}: host CPU per token`,
          value: cpu,
          unit: 'ms',
          matrix: { row: `${n} streams: host CPU ms/token`, column: anchor },
        },
        {
          key: k('p50'),
          label: `${n} streams, ${anchor}: token→paint p50 (last stream)`,
          value: r.p50,
          unit: 'ms',
          matrix: { row: `${n} streams: p50 ms`, column: anchor },
        },
        {
          key: k('p95'),
          label: `${n} streams, ${anchor}: token→paint p95 (last stream)`,
          value: r.p95,
          unit: 'ms',
          matrix: { row: `${n} streams: p95 ms`, column: anchor },
        },
        {
          key: k('backlog'),
          label: `${n} streams, ${anchor}: backlog (last token's token→paint)`,
          value: r.final,
          unit: 'ms',
          matrix: { row: `${n} streams: backlog ms`, column: anchor },
        },
        ...(r.messages > 0
          ? [
              {
                key: k('per-message'),
                label: `${n} streams, ${anchor}: tokens per message`,
                value: (streams * tokens) / r.messages,
                unit: 'tok',
                matrix: { row: `${n} streams: tokens/message`, column: anchor },
              },
            ]
          : []),
      ];
      if (anchor !== 'suip') return rows;
      return [
        ...rows,
        {
          key: k('t-cpu-limit'),
          label: `suip host CPU vs the physical limit, ${n} streams`,
          value: cpu,
          unit: 'ms',
          anchor: k('cpu', 'limit'),
        },
        {
          key: k('t-p50-limit'),
          label: `suip p50 vs the physical limit, ${n} streams`,
          value: r.p50,
          unit: 'ms',
          anchor: k('p50', 'limit'),
        },
        ...(streams === 16
          ? [
              {
                key: k('t-p50-single'),
                label: 'suip p50 at 16 streams vs one stream',
                value: r.p50,
                unit: 'ms',
                anchor: k('p50', 'suip', '1'),
                target: {
                  minRatio: 1 / 1.5,
                  text: "issue 43: 16 streams p50 ≤ 1.5x a single stream's (one ÷ sixteen ≥ 0.67)",
                },
              },
            ]
          : []),
      ];
    },
  };
}
