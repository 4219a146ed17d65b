#!/usr/bin/env node
/**
 * CPU profile of the host page while one anchor of the token stream runs (case 3, 150 tok/s into
 * 1,000 particles by default): where the host's main-thread time goes, by function, to decide
 * what to optimise by measurement rather than by guessing.
 *
 *   node bench/browser/profile-token-stream.mjs [--anchor=suip|remote-dom|vanilla|full] [--rate=150]
 *     [--particles=1000] [--tokens=225] [--top=40] [--out=/tmp/token-stream.cpuprofile]
 *     [--per-item=30] [--churn=0.05] (the script: a new item every so many tokens, the share of tokens that move or
 *       remove one)
 *     [--streams=4] (the four-streams page instead: that many streams of `--tokens` each into `--particles` each;
 *       the default script)
 *
 * Prints self time per function (sampled; ms per token) and inclusive time of every function
 * that appears on a stack (a function counted once per sample however deep it recurses). The
 * raw profile is written to `--out` for DevTools.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openBrowserSession } from './browser-session.mjs';
import { benchArgs, scriptShape } from './bench-args.mjs';

const args = benchArgs();
const anchor = args.anchor ?? 'suip';
const rate = Number(args.rate ?? 150);
const particles = Number(args.particles ?? 1000);
const tokens = Number(args.tokens ?? Math.round(rate * 1.5));
const top = Number(args.top ?? 40);
const out = args.out ?? `/tmp/token-stream-${anchor}.cpuprofile`;
const streams = args.streams === undefined ? undefined : Number(args.streams);
/** Tokens of the whole run: per stream times streams on the four-streams page. */
const allTokens = tokens * (streams ?? 1);
const script = scriptShape(args);

/** Self and inclusive sampled time per function of a V8 CPU profile, in ms. */
export function summarise(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node) => {
    const f = node.callFrame;
    const file = f.url ? f.url.replace(/^.*\/(?=[^/]+$)/, '').replace(/\?.*$/, '') : '';
    return `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`;
  };
  const self = new Map();
  const inclusive = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (deltas[i + 1] ?? 0) / 1000;
    let node = byId.get(profile.samples[i]);
    const own = label(node);
    self.set(own, (self.get(own) ?? 0) + ms);
    const seen = new Set();
    while (node) {
      const name = label(node);
      if (!seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
      }
      node = byId.get(parent.get(node.id));
    }
  }
  return { self, inclusive };
}

// Run only as a script: `stages-token.mjs` imports `summarise`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const session = await openBrowserSession();
  try {
    let captured;
    const r =
      streams === undefined
        ? await session.run(
            '/bench/pages/token-stream.html',
            'tokenStream',
            { anchor, particles, rate, tokens, ...script },
            { profile: (p) => (captured = p) },
          )
        : await session.run(
            '/bench/pages/four-streams.html',
            'fourStreams',
            { anchor, streams, particles, rate, tokens },
            { profile: (p) => (captured = p) },
          );
    if (!r.correct) throw new Error(r.problem);
    writeFileSync(out, JSON.stringify(captured));
    const { self, inclusive } = summarise(captured);
    const show = (title, map) => {
      console.log(`\n${title} (ms per token, ${allTokens} tokens)`);
      for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
        console.log(`${(ms / allTokens).toFixed(3).padStart(8)}  ${name}`);
    };
    console.log(
      `${anchor}: host CPU per token ${(r.taskMs / allTokens).toFixed(2)} ms (TaskDuration), ${(allTokens / r.messages).toFixed(2)} tokens per message; profile in ${out}`,
    );
    show('self time', self);
    show('inclusive time', inclusive);
  } finally {
    await session.close();
  }
}
