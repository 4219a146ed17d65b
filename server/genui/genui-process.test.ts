import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeLlmServer,
  type FakeLlmServer,
  type RecordedRequest,
  type ScriptedAnswer,
  type ScriptStep,
} from '../../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { seedCheckedChunks, seedValidators } from '../../adapters/genui-v1/testing/seed-schemas.ts';
import { startServer, type ServerProcess } from '../testing/server-process.ts';

/**
 * `/genUI` through the real server process (`server/main.ts`) and a scripted model: a third-party
 * client's capitalised widgets, UI commands the model cut, a connection cut after text, a model
 * that sends only keep-alives. Every line of every reply is checked against seed 000's schemas.
 */
const seed = seedValidators();
const IDLE_MS = 2000;
/** A wait whose clock starts when the fake model reaches it (it is awaited), not when the script is made. */
const later = (ms: number) => ({ then: (resolve: () => void) => setTimeout(resolve, ms) }) as unknown as Promise<void>;
/** A Flutter-style client's own widgets (PascalCase, snake case), as its JSON Schema says them. */
const widgetSchema = (name: string, props: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties: { [name]: { type: 'object', properties: props, required } },
  required: [name],
  additionalProperties: false,
});
const augmentations = {
  anyOf: [
    widgetSchema(
      'StarRating',
      { rating: { type: 'number', description: 'Stars given.' }, maxRating: { type: 'number' } },
      ['rating'],
    ),
    widgetSchema('Star_Rating', { label: { type: 'string' } }, ['label']),
    widgetSchema(
      'ElevatedCard',
      { title: { type: 'string' }, children: { type: 'array', items: { type: 'string' } } },
      ['title'],
    ),
  ],
};
const starSurface = (rating: Record<string, unknown>) => ({
  surfaceId: 'review',
  definition: {
    root: 'card',
    widgets: [
      { id: 'card', widget: { ElevatedCard: { title: 'Your review', children: ['stars', 'legacy'] } } },
      { id: 'stars', widget: { StarRating: rating } },
      { id: 'legacy', widget: { Star_Rating: { label: 'four of five' } } },
    ],
  },
});
const HALF = '{"addOrUpdateSurface": {"surfaceId": "s", "definition": {"root": "t", "widg';
const isRepair = (r: RecordedRequest) => r.messages.at(-1)!.content.includes('were refused');
/** Twelve seconds of keep-alive comments, one every 250 ms (each wait starts when the step before it was sent). */
const keepAlives = (): ScriptStep[] =>
  Array.from({ length: 96 }, (_, i) => (i % 2 === 0 ? { raw: ': keep-alive\n\n' } : { wait: later(250) }));

const scenarios: Record<string, (r: RecordedRequest) => ScriptedAnswer> = {
  stars: () => ({
    steps: [
      { content: 'Rate it. ' },
      { toolCall: { name: 'addOrUpdateSurface', arguments: JSON.stringify(starSurface({ rating: 4, maxRating: 5 })) } },
    ],
  }),
  starfix: (r) => ({
    steps: [
      {
        toolCall: {
          name: 'addOrUpdateSurface',
          arguments: JSON.stringify(starSurface(isRepair(r) ? { rating: 3 } : { maxRating: 5 })),
        },
      },
    ],
  }),
  cutopen: (r) => ({
    steps: [{ content: isRepair(r) ? 'Sorry, I cannot show that.' : `Here it is:\n\`\`\`genui\n${HALF}` }],
  }),
  cutclosed: (r) => ({
    steps: [
      { content: isRepair(r) ? 'Sorry, I cannot show that.' : `Here it is:\n\`\`\`genui\n${HALF}\n\`\`\`\nDone.` },
    ],
  }),
  barehalf: (r) => ({ steps: [{ content: isRepair(r) ? 'Sorry, I cannot show that.' : `Here it is:\n${HALF}` }] }),
  // The text ends with the start of the key's form, so the stream redactor holds that tail back until the stream ends.
  cutafter: () => ({ steps: [{ content: 'These words came before the cut, then sk-pro' }, { cut: true }] }),
  // Headers, words and the cut in one tick: the client may see the connection fail before its response resolves.
  cutfast: () => ({
    steps: [
      {
        raw: `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Quick words before the cut.' } }] })}\n\n`,
      },
      { cut: true },
    ],
  }),
  keepalive: () => ({
    steps: [
      { content: 'Let me think' },
      ...keepAlives(),
      { content: ' and this arrived after twelve seconds of keep-alives.' },
    ],
  }),
};

let llm: FakeLlmServer;
let server: ServerProcess;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'suip-genui-process-'));
  llm = await startFakeLlmServer((r) =>
    scenarios[(r.messages.find((m) => m.role === 'user')?.content ?? '').split(' ')[0]!]?.(r),
  );
  // Only the clock under test is short (first byte and total stay long), so a loaded machine cannot trip the others.
  server = await startServer(
    [
      '--data-dir',
      dir,
      '--llm-url',
      llm.baseUrl,
      '--llm-model',
      'fake',
      '--llm-idle-ms',
      String(IDLE_MS),
      '--llm-first-byte-ms',
      '20000',
    ],
    { SUIP_LLM_KEY: 'sk-process-key-0123456789' },
  );
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await llm?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Chunk = Record<string, unknown>;
const post = (text: string) =>
  fetch(`${server.url}/genUI?stream=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      catalogDefinition: { protocolVersion: '1.0', augmentations },
      conversation: [{ role: 'user', parts: [{ type: 'text', text }] }],
    }),
  });
/** The reply's chunks, each checked against the seed's schema of its kind; the last is the `message`. */
async function chunks(text: string): Promise<Chunk[]> {
  const response = await post(text);
  expect(response.status).toBe(200);
  return seedCheckedChunks(await response.text(), seed);
}
const finalText = (all: Chunk[]) =>
  (all.at(-1) as { message: { parts: Array<{ text: string }> } }).message.parts[0]!.text;
const texts = (all: Chunk[]) => all.filter((c) => 'text' in c).map((c) => c.text as string);

describe('/genUI through the server process', () => {
  it("a client's capitalised widgets (StarRating, Star_Rating, ElevatedCard) are validated and forwarded under the client's names", async () => {
    const before = llm.requests.length;
    const all = await chunks('stars please');
    expect(all.filter((c) => 'addOrUpdateSurface' in c)).toEqual([
      { addOrUpdateSurface: starSurface({ rating: 4, maxRating: 5 }) },
    ]);
    expect(llm.requests.length - before).toBe(1);
    expect(llm.requests.at(-1)!.messages[0]!.content).toContain('"StarRating"');
    expect(finalText(all)).toBe('Rate it. ');
  }, 30_000);

  it("a capitalised widget missing its required prop: the repair prompt names it by the client's name, and the repaired surface is shown", async () => {
    const before = llm.requests.length;
    const all = await chunks('starfix please');
    const repair = llm.requests[before + 1]!.messages.at(-1)!.content;
    expect(repair).toMatch(/"StarRating"|"stars"/);
    expect(repair).not.toMatch(/x-star/);
    expect(all.filter((c) => 'addOrUpdateSurface' in c)).toEqual([{ addOrUpdateSurface: starSurface({ rating: 3 }) }]);
  }, 30_000);

  for (const [name, shape] of [
    ['cutopen', 'fence left open'],
    ['cutclosed', 'fence closed'],
  ] as const) {
    it(`a UI command cut mid-line (${shape}) and a repair turn of prose only: the user is told what could not be shown`, async () => {
      const all = await chunks(`${name} please`);
      expect(all.some((c) => 'addOrUpdateSurface' in c)).toBe(false);
      expect(finalText(all)).toMatch(
        /Some of the interface could not be shown: .*(cut in the middle of a UI command|not valid JSON)/,
      );
      expect(texts(all).join('')).toMatch(/could not be shown/);
    }, 30_000);
  }

  it('a bare half command line (no fence) is not shown as raw JSON; the user is told a UI command was cut', async () => {
    const all = await chunks('barehalf please');
    expect(texts(all).join('')).not.toContain('"addOrUpdateSurface"');
    expect(finalText(all)).not.toContain('{"addOrUpdateSurface"');
    expect(finalText(all)).toMatch(/^Here it is:\n[\s\S]*could not be shown: .*cut in the middle of a UI command/);
  }, 30_000);

  it('a connection cut after the model sent text: the text reaches the user, and the cut is told as a cut, not as "could not be reached"', async () => {
    const all = await chunks('cutafter please');
    expect(texts(all).join('')).toContain('These words came before the cut, then sk-pro');
    expect(finalText(all)).toMatch(/^These words came before the cut, then sk-pro/);
    expect(finalText(all)).not.toMatch(/could not be reached/);
    expect(finalText(all)).toMatch(/stopped/);
  }, 30_000);

  it('a connection cut in the same tick as the words: still no "could not be reached" once the model spoke', async () => {
    const response = await post('cutfast please');
    expect(response.status).toBe(200);
    const all = seedCheckedChunks(await response.text(), seed);
    expect(finalText(all)).not.toMatch(/could not be reached/);
    // Either the words arrived before the cut was seen, or the cut beat the response: then it is told as a cut.
    expect(finalText(all)).toMatch(
      /Quick words before the cut\.|closed the connection before its answer could be read \(other side closed\)/,
    );
  }, 30_000);

  it(`a model that sends only keep-alive comments is cut by the ${IDLE_MS} ms idle clock, not the total one`, async () => {
    const all = await chunks('keepalive please');
    expect(finalText(all)).toMatch(
      new RegExp(`^Let me think[\\s\\S]*\\(model_timeout\\): the model went silent for ${IDLE_MS} ms`),
    );
    expect(finalText(all)).not.toContain('twelve seconds');
  }, 40_000);
});
