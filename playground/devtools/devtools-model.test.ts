import { describe, expect, it } from 'vitest';
import { appendOp, removeOp, replaceOp, type Op } from '../../shared/index.ts';
import { latestRuns, parseFixture, recordedTransactions, replayProgram, toFixture } from './fixture.ts';
import { TrafficLog, matchesFilter, summarize } from './traffic-log.ts';
import { WireMirror } from './wire-mirror.ts';

const rpc = (ops: Op[]) => JSON.stringify(ops.map((op) => ({ jsonrpc: '2.0', ...op })));
const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'suip/initialize', params: {} });

function session(log: TrafficLog) {
  log.add({ generatorId: 'a', direction: 'in', text: init, bytes: init.length, time: 0 });
  const t1 = rpc([appendOp([], 'title', { text: 'Hi' }), appendOp([], 'list', { group: [] })]);
  log.add({ generatorId: 'a', direction: 'in', text: t1, bytes: t1.length, time: 10 });
  log.add({ generatorId: 'b', direction: 'in', text: init, bytes: init.length, time: 11 });
  const t2 = rpc([appendOp([], 'x', { text: 'B' })]);
  log.add({ generatorId: 'b', direction: 'in', text: t2, bytes: t2.length, time: 12 });
  const bad = rpc([removeOp(['missing'])]);
  log.add({ generatorId: 'a', direction: 'in', text: bad, bytes: bad.length, time: 20 });
  const err = JSON.stringify({
    jsonrpc: '2.0',
    method: 'suip/error',
    params: { code: -32001, message: 'op 0 (suip/ops/remove) at path ["missing"]: no such particle' },
  });
  log.add({ generatorId: 'a', direction: 'out', text: err, bytes: err.length, time: 21 });
  const t3 = rpc([replaceOp(['title'], { text: 'Hello' })]);
  log.add({ generatorId: 'a', direction: 'in', text: t3, bytes: t3.length, time: 900 });
}

describe('traffic log', () => {
  it('summarizes batches, errors and garbage without throwing', () => {
    expect(summarize('{{').label).toBe('not JSON');
    expect(summarize(rpc([appendOp([], 'a', { text: '' }), removeOp(['b'])]))).toMatchObject({
      ops: 2,
      batch: true,
      label: 'batch[2] suip/ops/append, suip/ops/remove',
    });
    expect(summarize('{"jsonrpc":"2.0","id":4,"error":{"code":-32001,"message":"gone"}}')).toMatchObject({
      error: 'gone',
      label: 'response #4',
    });
  });

  it('counts ops, bytes and errors, and filters by direction, generator and text', () => {
    const log = new TrafficLog();
    session(log);
    const counters = log.counters(1011);
    expect(counters).toMatchObject({ messages: 7, ops: 5, errors: 1 });
    expect(counters.opsPerSecond).toBe(3);
    const filtered = log.entries.filter((e) =>
      matchesFilter(e, { query: 'remove', direction: 'all', generatorId: 'all' }),
    );
    expect(filtered.map((e) => e.seq)).toEqual([5, 6]);
    expect(log.entries.filter((e) => matchesFilter(e, { query: '', direction: 'in', generatorId: 'b' }))).toHaveLength(
      2,
    );
  });

  it('starts its counters over for a new run, keeping the entries', () => {
    const log = new TrafficLog();
    session(log);
    log.resetCounters();
    expect(log.counters(1011)).toEqual({ messages: 0, ops: 0, opsPerSecond: 0, bytesIn: 0, bytesOut: 0, errors: 0 });
    expect(log.entries).toHaveLength(7);
    const t = rpc([appendOp([], 'n', { text: 'new run' })]);
    log.add({ generatorId: 'a', direction: 'in', text: t, bytes: t.length, time: 1000 });
    expect(log.counters(1011)).toMatchObject({ messages: 1, ops: 1, opsPerSecond: 1, errors: 0 });
  });

  it('is bounded', () => {
    const log = new TrafficLog(3);
    for (let i = 0; i < 5; i += 1) log.add({ generatorId: 'a', direction: 'in', text: '{}', bytes: 2, time: i });
    expect(log.entries.map((e) => e.seq)).toEqual([3, 4, 5]);
  });
});

describe('fixture and mirror', () => {
  it('rebuilds the merged tree from the log, skipping the rejected transaction', () => {
    const log = new TrafficLog();
    session(log);
    const mirror = new WireMirror();
    for (const e of log.entries) mirror.feed(e.generatorId, e.direction, e.text);
    expect(mirror.rejected).toBe(1);
    expect(mirror.tree).toEqual({
      group: [
        [
          'a',
          {
            group: [
              ['title', { text: 'Hello' }],
              ['list', { group: [] }],
            ],
          },
        ],
        ['b', { group: [['x', { text: 'B' }]] }],
      ],
    });
  });

  it("round-trips through JSON and yields each generator's transactions for a replay program", () => {
    const log = new TrafficLog();
    session(log);
    const fixture = parseFixture(JSON.stringify(toFixture(log.entries, { group: [] })));
    expect(fixture.generators).toEqual(['a', 'b']);
    const a = recordedTransactions(fixture.messages, 'a');
    expect(a.map((ops) => ops.map((op) => op.method))).toEqual([
      ['suip/ops/append', 'suip/ops/append'],
      ['suip/ops/remove'],
      ['suip/ops/replace'],
    ]);
    const program = replayProgram(a);
    expect(program).toContain('await suip.ops(ops)');
    expect(program).toContain('"Hello"');
  });

  it("exports each generator's latest run only: a run replaced by Run again is left out, its end kept with it", () => {
    const log = new TrafficLog();
    const life = (generatorId: string, text: string, time: number) =>
      log.add({ generatorId, direction: 'life', text, bytes: 0, time });
    const ops = (generatorId: string, text: string, time: number) =>
      log.add({ generatorId, direction: 'in', text, bytes: text.length, time });
    const first = rpc([appendOp([], 'old', { text: 'first run' })]);
    const second = rpc([appendOp([], 'new', { text: 'second run' })]);
    life('left', 'attach', 0);
    ops('left', first, 1);
    life('right', 'attach', 2);
    ops('right', first, 3);
    life('left', 'detached', 4);
    life('left', 'unmounted', 5);
    life('left', 'attach', 6);
    ops('left', second, 7);
    const entries = log.entries;
    const kept = latestRuns(entries);
    expect(
      kept.map(
        (e) => `${e.generatorId}:${e.direction === 'life' ? e.text : e.text.includes('second') ? 'second' : 'first'}`,
      ),
    ).toEqual(['right:attach', 'right:first', 'left:attach', 'left:second']);
    const fixture = toFixture(kept, { group: [] });
    expect(fixture.messages[0]!.time).toBe(0);
    const replayed = recordedTransactions(fixture.messages, 'left')
      .flat()
      .map((op) => op.params);
    expect(replayed).toEqual([expect.objectContaining({ id: 'new' })]);
    // A generator stopped last keeps the run it stopped (its end lines included).
    expect(latestRuns(entries.slice(0, 6)).map((e) => (e.text.length > 20 ? 'ops' : e.text))).toEqual([
      'attach',
      'ops',
      'attach',
      'ops',
      'detached',
      'unmounted',
    ]);
  });

  it('refuses files that are not fixtures, naming the problem', () => {
    expect(() => parseFixture('{"messages": []}')).toThrow(/suipFixture/);
    expect(() => parseFixture('{"suipFixture": 1, "messages": [{"text": 1}]}')).toThrow(/message 0/);
  });
});
