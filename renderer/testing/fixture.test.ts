import { describe, expect, it } from 'vitest';
import { toFixture } from '../../playground/devtools/fixture.ts';
import type { LogEntry } from '../../playground/devtools/traffic-log.ts';
import { fixtureProgram, fixtureTransactions, MAX_FIXTURE_BYTES, parseSuipFixture } from './fixture.ts';

const op = (path: string[], text: string) => ({ method: 'suip/ops/replace', params: { path, particle: { text } } });
const line = (generatorId: string, direction: 'in' | 'out' | 'life', value: unknown, time: number) =>
  ({
    generatorId,
    direction,
    time,
    text: typeof value === 'string' ? value : JSON.stringify(value),
  }) as unknown as LogEntry;

describe('suip/testing fixtures', () => {
  // The playground writes the file (its own toFixture); this entry must read exactly that.
  const written = toFixture(
    [
      line('a', 'in', { jsonrpc: '2.0', method: 'suip/initialize', params: {} }, 1),
      line('a', 'in', [op(['x'], 'one'), op(['y'], 'two')], 2),
      line('a', 'out', { jsonrpc: '2.0', method: 'suip/event', params: { path: ['b'], event: 'click' } }, 3),
      line('a', 'in', op(['x'], 'three'), 4),
      line('b', 'in', op(['z'], 'other'), 5),
      line('b', 'life', 'unmounted', 6),
    ],
    { group: [] },
  );

  it("reads the playground's export: each recorded message that carried ops is one transaction, per generator, latest lifetime only", () => {
    const fixture = parseSuipFixture(JSON.stringify(written));
    expect(fixture.generators).toEqual(['a', 'b']);
    expect(fixtureTransactions(fixture, 'a')).toEqual([[op(['x'], 'one'), op(['y'], 'two')], [op(['x'], 'three')]]);
    expect(fixtureTransactions(fixture, 'b')).toEqual([]);
    // Only "a" has something left to replay, so it needs no generatorId.
    expect(fixtureProgram(fixture)).toContain('"three"');
  });

  it('refuses what is not a fixture with an error naming the field, before trusting any of it', () => {
    expect(() => parseSuipFixture('nope')).toThrow('the fixture is not JSON');
    expect(() => parseSuipFixture('{"suipFixture":2,"messages":[]}')).toThrow('"suipFixture": 1 is missing');
    expect(() => parseSuipFixture('{"suipFixture":1}')).toThrow('no "messages" array');
    expect(() =>
      parseSuipFixture('{"suipFixture":1,"messages":[{"generatorId":"a","direction":"sideways","text":""}]}'),
    ).toThrow('fixture message 0 needs');
    expect(() => parseSuipFixture(' '.repeat(MAX_FIXTURE_BYTES + 1))).toThrow('larger than');
    expect(() => fixtureProgram({ suipFixture: 1, generators: [], messages: [] })).toThrow(
      'no transaction of any generator',
    );
  });

  it('the replay program is plain suip: recorded strings stay data, whatever they hold', async () => {
    const hostile = {
      suipFixture: 1 as const,
      generators: ['a'],
      messages: [
        {
          generatorId: 'a',
          direction: 'in' as const,
          text: JSON.stringify(op(['x'], '`; globalThis.pwned = 1; //\u2028</script>')),
        },
      ],
    };
    const program = fixtureProgram(hostile, { delayMs: 5 });
    const posted: unknown[] = [];
    // Run it as the sandbox would, with a suip that records what it posts.
    await (new Function('suip', `return (async () => { ${program} })();`) as (suip: unknown) => Promise<void>)({
      ops: async (ops: unknown) => void posted.push(ops),
    });
    expect(posted).toEqual([[op(['x'], '`; globalThis.pwned = 1; //\u2028</script>')]]);
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });
});
