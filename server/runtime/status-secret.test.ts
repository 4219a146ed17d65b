import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLlmServer } from '../../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { startKeyGatedModel, startRuntime } from '../testing/runtime-stdio.ts';

/**
 * A run's status message is cut to 2,000 characters: cut after the typed secrets are scrubbed from
 * it, never before (a cut through a key left its first characters, which no exact-value scrubber
 * matches, in the relayed `run.status` line and in runtime.sqlite's `status_message`). Real runtime
 * process, real SQLite file, a fake model endpoint slow enough to cancel the run while it answers.
 */

const TYPED = 'sk-status-cut-canary-41d7a9';
const HEAD = TYPED.slice(0, 8);

describe('a status message that holds a typed secret at its 2,000-character cut (real runtime process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suip-status-secret-'));
  let llm: FakeLlmServer;
  beforeAll(async () => {
    llm = await startKeyGatedModel(TYPED, () => 'slow words '.repeat(2000), { chunkChars: 5, chunkDelayMs: 10 });
  });
  afterAll(async () => {
    await llm?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no part of the key in the relayed run.status nor in runtime.sqlite', async () => {
    const db = join(dir, 'runtime.sqlite');
    const runtime = startRuntime(llm.baseUrl, db);
    try {
      await runtime.initialize('status-secret');
      const prompt = runtime.next((m) => m.method === 'ui.prompt.request');
      runtime.send({
        jsonrpc: '2.0',
        id: 'r',
        method: 'run.start',
        params: { input: { type: 'text', text: 'hello' } },
      });
      const started = await runtime.next((m) => m.id === 'r');
      const runId = String((started.result as { run_id: string }).run_id);
      const asked = await prompt;
      // The model is answering with the typed key: the run is under way, the key is a known secret.
      runtime.send({ jsonrpc: '2.0', id: asked.id, result: { value: TYPED } });
      while (!llm.requests.some((r) => r.authorization === `Bearer ${TYPED}`))
        await new Promise((resolve) => setTimeout(resolve, 20));
      // The reason ends with the key, so a cut at 2,000 characters goes through it.
      const reason = `${'r'.repeat(2000 - HEAD.length)}${TYPED}`;
      const status = runtime.next(
        (m) => m.method === 'run.status' && (m.params as { status: string }).status === 'cancelled',
      );
      const answered = runtime.next((m) => m.id === 'c');
      runtime.send({ jsonrpc: '2.0', id: 'c', method: 'run.cancel', params: { run_id: runId, reason } });
      const told = String(((await status).params as { message?: string }).message);
      expect(told.startsWith('rrrr')).toBe(true);
      expect(told.includes(HEAD), "the relayed run.status holds the key's first characters").toBe(false);
      expect(runtime.output().includes(`r${HEAD}`), "a relayed line holds the key's first characters").toBe(false);
      await answered;
    } finally {
      await runtime.stop();
    }
    const bytes = [db, `${db}-wal`]
      .filter(existsSync)
      .map((file) => readFileSync(file).toString('latin1'))
      .join('\n');
    expect(bytes).toContain('rrrr');
    expect(bytes.includes(`r${HEAD}`), "runtime.sqlite / WAL holds the key's first characters").toBe(false);
  }, 120_000);
});
