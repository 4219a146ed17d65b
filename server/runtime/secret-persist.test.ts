import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLlmServer } from '../../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { startKeyGatedModel, startRuntime } from '../testing/runtime-stdio.ts';

/**
 * Secrets never persist (issue 45, item 5), against a real runtime process, a real SQLite file and
 * a fake model endpoint: a key typed into the secret prompt, which the model then echoes (as is,
 * `\u`-escaped, spaced out), is in neither `runtime.sqlite` nor its WAL, nor in any line the
 * runtime relays, nor in the `session.history` a restarted runtime replays. Before, the WAL held
 * 30 copies and any tab with a bridge token read it back after a restart.
 */

const TYPED = 'sk-typed-persist-canary-8c1e52';
const escaped = [...TYPED].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const spaced = [...TYPED].join(' ');
// A key split over two lines: each line is a separate event, so only the stream's redaction sees it whole.
const split = `${TYPED.slice(0, 16)}\n${TYPED.slice(16)}`;
const forms = [TYPED, escaped, spaced, 'persist-canary', 'sk-typed-persist', 'canary-8c1e52'];

describe('a typed secret the model echoes (real runtime process, real SQLite file)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suip-secret-persist-'));
  let llm: FakeLlmServer;
  beforeAll(async () => {
    llm = await startKeyGatedModel(
      TYPED,
      () =>
        `Thanks, your key is ${TYPED}.\nEscaped it reads "${escaped}".\nSpaced: ${spaced}.\nSplit: ${split}.\nAll done.\n`,
      { chunkChars: 5 },
    );
  });
  afterAll(async () => {
    await llm?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is in neither runtime.sqlite, its WAL, a relayed line nor the history a restarted runtime replays', async () => {
    const db = join(dir, 'runtime.sqlite');
    const first = startRuntime(llm.baseUrl, db);
    await first.initialize('persist-test');
    const prompt = first.next((m) => m.method === 'ui.prompt.request');
    first.send({ jsonrpc: '2.0', id: 'r', method: 'run.start', params: { input: { type: 'text', text: 'hello' } } });
    const started = await first.next((m) => m.id === 'r');
    const sessionId = String((started.result as { session_id: string }).session_id);
    const asked = await prompt;
    const ended = first.next(
      (m) =>
        m.method === 'run.status' && ['error', 'completed'].includes(String((m.params as { status: string }).status)),
    );
    first.send({ jsonrpc: '2.0', id: asked.id, result: { value: TYPED } });
    await ended;
    // The model really answered with the key (the typed value reached it), and its words were relayed.
    expect(llm.requests.some((r) => r.authorization === `Bearer ${TYPED}`)).toBe(true);
    const relayed = JSON.stringify(first.messages);
    expect(relayed).toContain('All done.');
    // The store's bytes while the runtime runs (the WAL holds the newest pages) and the relayed lines.
    const bytes = [db, `${db}-wal`]
      .filter(existsSync)
      .map((file) => readFileSync(file).toString('latin1'))
      .join('\n');
    expect(bytes).toContain('All done.');
    for (const form of forms) {
      expect(bytes.includes(form), `runtime.sqlite / WAL holds ${form.slice(0, 20)}`).toBe(false);
      expect(first.output().includes(form), `a relayed line holds ${form.slice(0, 20)}`).toBe(false);
    }
    await first.stop();

    // A restarted runtime knows no secret: what it replays must already be clean.
    const second = startRuntime(llm.baseUrl, db);
    await second.initialize('persist-test');
    second.send({ jsonrpc: '2.0', id: 'h', method: 'session.history', params: { session_id: sessionId } });
    await second.next((m) => m.id === 'h');
    const replay = JSON.stringify(second.messages.filter((m) => m.method === 'agent.event'));
    expect(replay).toContain('All done.');
    // Scrubbed where it was stored ([secret]) or already in the model's stream ([redacted]).
    expect(replay).toMatch(/\[secret\]|\[redacted\]/);
    for (const form of forms) expect(replay.includes(form), `session.history replays ${form.slice(0, 20)}`).toBe(false);
    await second.stop();
  }, 120_000);
});
