#!/usr/bin/env node
/**
 * Where one streamed token's host cost goes, stage by stage, against the physical-limit anchor
 * (issue 43 item 4): one paragraph growing token by token (case 7's script: 2 particles, no new
 * items, no churn), suip vs `limit` (and the styled floor), each run traced (light timeline
 * categories: style, layout, paint, the tasks) and CPU-profiled at once. JavaScript samples go to
 * a stage by the file of the innermost frame that has one: boundary (the sandbox connection and
 * the port), parse (`shared/message.ts`, `JSON.parse`), validation (`shared/validate-*`, the wire
 * checks, the vocabulary and URL checks), records (the session, the tree, the lifecycle, the
 * renderer's bookkeeping), frame tick (`frame-batch.ts`), render (`renderer/view/`, Lit), the bench
 * harness (the paint tracker's probes) and the anchor's own apply. Figures are ms per token: TaskDuration, trace
 * self time per event
 * and sampled JavaScript self time per stage (samples, so small stages are coarse).
 *
 *   SUIP_BENCH_PORT=7272 SUIP_PROFILE_INTERVAL_US=50 node bench/browser/stages-token.mjs [--rate=150] [--tokens=450]
 *     [--rounds=3] [--anchors=suip,limit,styled]
 */
import { openBrowserSession } from './browser-session.mjs';
import { suipView } from './cases/token-stream.mjs';
import { LIGHT_TRACE_CATEGORIES, selfTimes, tracedWindow } from './trace-events.mjs';
import { benchArgs } from './bench-args.mjs';

const args = benchArgs();
const rate = Number(args.rate ?? 150);
const tokens = Number(args.tokens ?? 450);
const rounds = Number(args.rounds ?? 3);
const anchors = (args.anchors ?? 'suip,limit,styled').split(',');

/** A profile frame's stage, by its URL (Vite dev-server URLs are source paths). */
const STAGES = [
  ['bench harness', /\/bench\/pages\/(kit\/|stream\/paint-tracker|token-stream\.ts)/],
  ["anchor's own", /\/bench\//],
  ['frame tick', /renderer\/session\/frame-batch\.ts/],
  ['boundary', /renderer\/(frame\/|connection|remote-connection|held-channel)/],
  ['parse', /shared\/message\.ts|^parse /],
  ['validation', /shared\/(validate-|wire-checks|check-|limits)|renderer\/(vocabulary|policy)\//],
  ['render', /renderer\/view\/|renderer\/theme\/|lit-html|lit-element|reactive-element|deps\/lit/],
  ['records', /renderer\/|shared\//],
];
const stageOf = (url) =>
  STAGES.find(([, re]) => re.test(url))?.[0] ?? `other: ${url.replace(/^.*\/(?=[^/]+$)/, '').replace(/\?.*$/, '')}`;

/**
 * Sampled self time per stage, in ms: each sample goes to the innermost frame that has a URL (a
 * builtin such as `appendData` counts for its caller), except `JSON.parse`, which is parse, and
 * V8's own entries (program, garbage collector, idle), kept apart.
 */
function stageTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const out = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    let node = byId.get(profile.samples[i]);
    const name = node.callFrame.functionName;
    let stage;
    if (/^\((program|garbage collector|idle|root)\)$/.test(name)) stage = name;
    else if (name === 'parse' && node.callFrame.url === '') stage = 'parse';
    else {
      while (node && node.callFrame.url === '') node = byId.get(parent.get(node.id));
      stage = node ? stageOf(node.callFrame.url) : 'other: native';
    }
    out.set(stage, (out.get(stage) ?? 0) + ms);
  }
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const session = await openBrowserSession();
const rows = new Map(anchors.map((a) => [a, []]));
try {
  for (let round = 0; round < rounds; round++) {
    for (const anchor of anchors) {
      const trace = tracedWindow(LIGHT_TRACE_CATEGORIES);
      let profile;
      const view = anchor === 'styled' ? await suipView(session) : undefined;
      const r = await session.run(
        '/bench/pages/token-stream.html',
        'tokenStream',
        { anchor, particles: 2, rate, tokens, tokensPerItem: 1e9, churn: 0, view },
        { measured: trace.measured, profile: (p) => (profile = p) },
      );
      if (!r.correct) throw new Error(`${anchor}: ${r.problem}`);
      const figures = new Map([
        ['TaskDuration', r.taskMs / tokens],
        ['tokens per message', tokens / r.messages],
      ]);
      for (const [name, ms] of selfTimes(trace.events())) figures.set(`trace: ${name}`, ms / tokens);
      for (const [stage, ms] of stageTimes(profile)) figures.set(`JS sampled: ${stage}`, ms / tokens);
      rows.get(anchor).push(figures);
    }
  }
} finally {
  await session.close();
}
const keys = [...new Set([...rows.values()].flatMap((rs) => rs.flatMap((f) => [...f.keys()])))].filter(
  (k) => !/\((idle|root)\)/.test(k),
);
const value = (anchor, key) => median(rows.get(anchor).map((f) => f.get(key) ?? 0));
const shown = keys
  .filter((k) => anchors.some((a) => value(a, k) >= 0.002))
  .sort((a, b) =>
    a.startsWith('JS') === b.startsWith('JS')
      ? value(anchors[0], b) - value(anchors[0], a)
      : a.startsWith('JS')
        ? -1
        : 1,
  );
const head = ['TaskDuration', 'tokens per message'];
console.log(
  `ms per token, one paragraph, ${tokens} tokens at ${rate} tok/s, medians of ${rounds} interleaved rounds; load ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`| stage | ${anchors.join(' | ')} | ${anchors[0]} − ${anchors[1]} |`);
console.log(`|---|${anchors.map(() => '---:').join('|')}|---:|`);
for (const key of [...head, ...shown.filter((k) => !head.includes(k))]) {
  const vs = anchors.map((a) => value(a, key));
  console.log(`| ${key} | ${vs.map((v) => v.toFixed(3)).join(' | ')} | ${(vs[0] - vs[1]).toFixed(3)} |`);
}
