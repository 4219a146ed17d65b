#!/usr/bin/env node
/**
 * Where one streamed token's host cost goes, stage by stage, against the physical-limit anchor
 * (issue 43 item 4): one paragraph growing token by token (case 7's script: 2 particles, no new
 * items, no churn), suip vs `limit` (and the styled floor), each run traced (light timeline
 * categories: style, layout, paint, the tasks) and CPU-profiled at once. JavaScript samples go to
 * a stage by the file of the innermost frame that has one: boundary (the sandbox connection and
 * the port), parse (`shared/message.ts`, `JSON.parse`), validation (`shared/validate-*`, the wire
 * checks, the vocabulary and URL checks), records (the session, the tree, the lifecycle, the
 * renderer's bookkeeping), frame tick (`frame-batch.ts`), render (`renderer/view/`, Lit), bench
 * (the harness's own probes). Figures are ms per token: TaskDuration, trace self time per event
 * and sampled JavaScript self time per stage (samples, so small stages are coarse).
 *
 *   SUIP_BENCH_PORT=7272 SUIP_PROFILE_INTERVAL_US=50 node bench/browser/stages-token.mjs [--rate=150] [--tokens=450] [--rounds=3] [--anchors=suip,limit,styled]
 */
import { openBrowserSession } from './browser-session.mjs';
import { suipView } from './cases/token-stream.mjs';
import { summarise } from './profile-token-stream.mjs';
import { LIGHT_TRACE_CATEGORIES, selfTimes, tracedWindow } from './trace-events.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? 'true']));
const rate = Number(args.rate ?? 150);
const tokens = Number(args.tokens ?? 450);
const rounds = Number(args.rounds ?? 3);
const anchors = (args.anchors ?? 'suip,limit,styled').split(',');

/** A profile node's stage, by the file of its function (Vite dev-server URLs are source paths). */
const STAGES = [
  ['bench', /\/bench\//],
  ['frame tick', /renderer\/session\/frame-batch\.ts/],
  ['boundary', /renderer\/(frame\/|connection|remote-connection|held-channel)/],
  ['parse', /shared\/message\.ts|^parse /],
  ['validation', /shared\/(validate-|wire-checks|check-|limits)|renderer\/(vocabulary|policy)\//],
  ['render', /renderer\/view\/|renderer\/theme\/|lit-html|lit-element|reactive-element|deps\/lit/],
  ['records', /renderer\/|shared\//],
];
const stageOf = (label) => STAGES.find(([, re]) => re.test(label))?.[0] ?? `other`;

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
      const r = await session.run('/bench/pages/token-stream.html', 'tokenStream', { anchor, particles: 2, rate, tokens, tokensPerItem: 1e9, churn: 0, view }, { measured: trace.measured, profile: (p) => (profile = p) });
      if (!r.correct) throw new Error(`${anchor}: ${r.problem}`);
      const figures = new Map([['TaskDuration', r.taskMs / tokens], ['tokens per message', tokens / r.messages]]);
      for (const [name, ms] of selfTimes(trace.events())) figures.set(`trace: ${name}`, ms / tokens);
      const { self } = summarise(profile);
      for (const [label, ms] of self) {
        const key = /^\((idle|program|garbage collector)\)/.test(label) ? `JS sampled: ${label.split(' ')[0]}` : `JS sampled: ${stageOf(label)}`;
        figures.set(key, (figures.get(key) ?? 0) + ms / tokens);
      }
      rows.get(anchor).push(figures);
    }
  }
} finally {
  await session.close();
}
const keys = [...new Set([...rows.values()].flatMap((rs) => rs.flatMap((f) => [...f.keys()])))].filter((k) => k !== 'JS sampled: (idle)');
const value = (anchor, key) => median(rows.get(anchor).map((f) => f.get(key) ?? 0));
const shown = keys.filter((k) => anchors.some((a) => value(a, k) >= 0.002)).sort((a, b) => (a.startsWith('JS') === b.startsWith('JS') ? value(anchors[0], b) - value(anchors[0], a) : a.startsWith('JS') ? -1 : 1));
const head = ['TaskDuration', 'tokens per message'];
console.log(`ms per token, one paragraph, ${tokens} tokens at ${rate} tok/s, medians of ${rounds} interleaved rounds; load ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`| stage | ${anchors.join(' | ')} | ${anchors[0]} − ${anchors[1]} |`);
console.log(`|---|${anchors.map(() => '---:').join('|')}|---:|`);
for (const key of [...head, ...shown.filter((k) => !head.includes(k))]) {
  const vs = anchors.map((a) => value(a, key));
  console.log(`| ${key} | ${vs.map((v) => v.toFixed(3)).join(' | ')} | ${(vs[0] - vs[1]).toFixed(3)} |`);
}
