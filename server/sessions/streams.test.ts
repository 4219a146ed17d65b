import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../ledger/memory-ledger.ts';
import { createSqliteLedger } from '../ledger/sqlite-ledger.ts';
import {
  appendAction,
  appendCreated,
  appendDrain,
  appendEnded,
  appendHostContext,
  appendProps,
  appendRender,
  eventsOf,
  snapshotOf,
} from './streams.ts';

const dir = mkdtempSync(join(tmpdir(), 'suip-streams-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the session streams', () => {
  for (const [name, open] of [
    ['memory', (quotaBytes?: number) => createMemoryLedger({ quotaBytes })],
    ['SQLite', (quotaBytes?: number) => createSqliteLedger(join(dir, `streams-${quotaBytes}.sqlite`), { quotaBytes })],
  ] as const) {
    it(`${name}: a render, props, an action and a drain land in both streams with the numbers that tie them`, async () => {
      const ledger = open();
      const id = `ses-${name}-1`;
      await appendCreated(ledger, id, 'app');
      const render = await appendRender(ledger, id, { session: { runtime: 'suip/1.0', componentCode: 'x' } });
      const props = await appendProps(ledger, id, { props: { n: 1 } });
      expect([render, props]).toEqual([2, 3]);
      expect(await appendAction(ledger, id, 'tab', { clientSeq: 1, type: 'go' })).toBe(3);
      expect(await appendAction(ledger, id, 'tab', { clientSeq: 1, type: 'go' })).toBeNull();
      expect(await appendDrain(ledger, id, { sequence: 3, actions: [{ clientId: 'tab', clientSeq: 1 }] })).toBe(4);
      const events = (await ledger.read(eventsOf(id), 0)).entries.map((e) => [e.kind, JSON.parse(e.payload)]);
      expect(events).toEqual([
        ['render', { seq: 2, session: { runtime: 'suip/1.0', componentCode: 'x' } }],
        ['props', { seq: 3, props: { n: 1 } }],
        ['action', { clientSeq: 1, type: 'go', clientId: 'tab' }],
        ['drain', { sequence: 3, actions: [{ clientId: 'tab', clientSeq: 1 }] }],
      ]);
      expect((await ledger.read(id, 0)).entries.map((e) => e.kind)).toEqual([
        'created',
        'render',
        'props_update',
        'drain_ack',
      ]);
      expect(snapshotOf(await ledger.heads(id)).session).toEqual({
        runtime: 'suip/1.0',
        componentCode: 'x',
        props: { n: 1 },
      });
      await ledger.close();
    });

    it(`${name}: a render its event cannot follow (the events stream is over its quota) is not committed either`, async () => {
      const ledger = open(5000);
      const id = `ses-${name}-2`;
      await appendRender(ledger, id, { session: { componentCode: 'small' } });
      // An action not drained yet pins the event stream: it and the props events after it cannot be trimmed.
      await appendAction(ledger, id, 't', { clientSeq: 1 });
      for (let i = 0; i < 3; i += 1) await appendProps(ledger, id, { props: 'p'.repeat(1000) });
      // The frame and its head fit in the outbound stream (its older frames are trimmed); its event does not fit.
      const big = { session: { componentCode: 'c'.repeat(1900) } };
      await expect(appendRender(ledger, id, big)).rejects.toMatchObject({
        code: 'SESSION_QUOTA',
        session: eventsOf(id),
      });
      expect(await ledger.last(id)).toBe(4);
      expect(await ledger.last(eventsOf(id))).toBe(5);
      expect(snapshotOf(await ledger.heads(id)).session).toMatchObject({ componentCode: 'small' });
      // Once the action is drained, the oldest events make room and the same render is committed with its event.
      await appendDrain(ledger, id, { sequence: 2, actions: [{ clientId: 't', clientSeq: 1 }] });
      await appendRender(ledger, id, big);
      expect(snapshotOf(await ledger.heads(id)).session).toMatchObject(big.session);
      await ledger.close();
    });

    it(`${name}: pages may fill only half of the event stream; the agent's ending passes a full one`, async () => {
      const ledger = open(5000);
      const id = `ses-${name}-3`;
      await appendCreated(ledger, id, 'app');
      await expect(appendHostContext(ledger, id, JSON.stringify({ note: 'h'.repeat(3000) }))).rejects.toMatchObject({
        code: 'SESSION_QUOTA',
      });
      let n = 0;
      while (
        await appendAction(ledger, id, 't', { clientSeq: n + 1, pad: 'a'.repeat(400) }).then(
          () => true,
          () => false,
        )
      )
        n += 1;
      expect(n).toBe(5);
      for (let i = 0; i < 5; i += 1) await appendProps(ledger, id, { props: 'p'.repeat(500) });
      await expect(appendProps(ledger, id, { props: 'p'.repeat(500) })).rejects.toMatchObject({
        code: 'SESSION_QUOTA',
      });
      expect(await appendEnded(ledger, id)).toBeGreaterThan(0);
      await ledger.close();
    });
  }

  it('a kill -9 between renders never leaves a render frame without its event, nor an event without its frame', async () => {
    const file = join(dir, 'killed-renders.sqlite');
    const writer = fileURLToPath(new URL('../testing/ledger-writer.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', writer, file, 'ses-killed', 'render'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let acknowledged = 0;
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the writer exited (${code}) before it was killed`)));
      child.stdout!.on('data', (chunk: Buffer) => {
        acknowledged = Math.max(
          acknowledged,
          ...chunk.toString().trim().split('\n').map(Number).filter(Number.isFinite),
        );
        if (acknowledged >= 150) {
          child.removeAllListeners('exit');
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const ledger = createSqliteLedger(file);
    const frames = (await ledger.read('ses-killed', 0)).entries.map((e) => e.seq);
    const events = (await ledger.read(eventsOf('ses-killed'), 0)).entries.map(
      (e) => (JSON.parse(e.payload) as { seq: number }).seq,
    );
    expect(frames.length).toBeGreaterThanOrEqual(acknowledged);
    expect(frames).toEqual(Array.from({ length: frames.length }, (_, i) => i + 1));
    expect(events).toEqual(frames);
    await ledger.close();
    // A hang guard only, no verdict: a tsx child and 150 durable appends took over 60 s beside two busy loops in CI.
  }, 240_000);
});
