import fc from 'fast-check';
import { EVENT_DATA, EVENT_NAMES, type EventHandler, type EventName, type Particle } from './particle.ts';
import { RESERVED_KEYS } from './reserved.ts';

/**
 * Test-only fast-check arbitraries for the wire (never imported by `index.ts`, so fast-check stays
 * out of the library): valid particles for round-trip properties, and hostile values for the
 * "never throws, never pollutes" properties. Shared so tree and diff tests can reuse them.
 */

/** Ids that are valid but awkward: integer-like (JSON objects would reorder them), unicode, spaces. */
export const idArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a',
    'b',
    'title',
    'body',
    '0',
    '1',
    '10',
    '-1',
    'toString',
    'valueOf',
    'hasOwnProperty',
    'a b',
    '𝌆',
    'ü',
  ),
  fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !RESERVED_KEYS.has(s)),
);

const handlerArbitrary: fc.Arbitrary<EventHandler> = fc.record(
  {
    handler: fc.string({ minLength: 1, maxLength: 16 }).filter((s) => !RESERVED_KEYS.has(s)),
    preventDefault: fc.boolean(),
    data: fc.constantFrom(...EVENT_DATA),
    keys: fc.array(fc.constantFrom('Enter', 'Escape', 'a', 'ArrowUp'), { maxLength: 4 }),
  },
  { requiredKeys: ['handler'] },
);

const onArbitrary = fc
  .uniqueArray(fc.constantFrom(...EVENT_NAMES), { maxLength: 3 })
  .chain((names) => fc.tuple(...names.map((name) => handlerArbitrary.map((h) => [name, h] as const))))
  .map((entries) => Object.fromEntries(entries) as Partial<Record<EventName, EventHandler>>);

/** Options for `particleArbitrary`. */
export interface ParticleArbitraryOptions {
  /** Deepest group nesting below the generated particle (default 4). */
  maxDepth?: number;
  /** Most children per group (default 5). */
  maxChildren?: number;
}

/** Valid particles: text, data and groups with unique child ids, optional `type` and `on`. */
export function particleArbitrary(options: ParticleArbitraryOptions = {}): fc.Arbitrary<Particle> {
  const { maxDepth = 4, maxChildren = 5 } = options;
  const text = fc.record(
    { text: fc.string({ maxLength: 40 }), mimeType: fc.constantFrom('text/markdown', 'text/plain') },
    { requiredKeys: ['text'] },
  );
  const data = fc.record({
    data: fc.constantFrom('https://example.com/a.png', 'data:image/png;base64,iVBORw0KGgo=', '/relative.svg'),
    mimeType: fc.constantFrom('image/png', 'image/svg+xml', 'video/mp4'),
  });
  const { particle } = fc.letrec<{ particle: Particle; group: Particle }>((tie) => ({
    // maxDepth makes the oneof pick `text` once the nesting is this deep, so trees stay bounded.
    particle: fc.oneof({ maxDepth, depthSize: 'small', withCrossShrink: true }, text, data, tie('group')),
    group: fc.record(
      {
        group: fc.uniqueArray(fc.tuple(idArbitrary, tie('particle')), {
          maxLength: maxChildren,
          selector: ([id]) => id,
        }),
        type: fc.constantFrom('card', 'list', 'button', 'form', 'text-field', 'x-unknown-2'),
        on: onArbitrary,
      },
      { requiredKeys: ['group'] },
    ),
  }));
  return particle;
}

/** Keys a hostile object is built from: the wire's own field names, reserved keys and noise. */
const hostileKey = fc.oneof(
  fc.constantFrom(
    ...RESERVED_KEYS,
    'text',
    'data',
    'group',
    'type',
    'on',
    'mimeType',
    'handler',
    'click',
    'path',
    'id',
    'particle',
    'before',
    'jsonrpc',
    'method',
    'params',
    'polluted',
  ),
  fc.string({ maxLength: 8 }),
);

/** `fc.anything` with every option on and wire-shaped keys, `__proto__` among them. */
export const hostileValueArbitrary: fc.Arbitrary<unknown> = fc.anything({
  key: hostileKey,
  maxDepth: 4,
  withNullPrototype: true,
  withObjectString: true,
  withBoxedValues: true,
  withMap: true,
  withSet: true,
  withBigInt: true,
  withDate: true,
  withTypedArray: true,
  withSparseArray: true,
});

/**
 * JSON texts whose objects carry own `"__proto__"` / `"constructor"` keys (as JSON.parse creates them:
 * own data properties, not prototype writes), including `{"__proto__": {"polluted": true}}`.
 */
export const hostileJsonTextArbitrary: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('null', 'true', '1', '"x"', '""', '{"polluted": true}', '[]'),
    fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s)),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

/** Valid-looking JSON-RPC envelopes around hostile params, as one message or a batch. */
export const hostileMessageTextArbitrary: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'suip/ops/append',
        'suip/ops/insert',
        'suip/ops/remove',
        'suip/ops/replace',
        '__proto__',
        'constructor',
      ),
      hostileJsonTextArbitrary,
    ),
    { minLength: 1, maxLength: 4 },
  )
  .chain((calls) =>
    fc.boolean().map((batch) => {
      const texts = calls.map(
        ([method, params]) => `{"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${params}}`,
      );
      return batch ? `[${texts.join(',')}]` : texts[0]!;
    }),
  );

/**
 * Snapshot the own property names of `Object.prototype` and `Array.prototype`; the returned function
 * says what changed (empty when nothing did) and whether `({}).polluted` became visible.
 */
export function watchPrototypes(): () => string[] {
  const before = [
    Object.getOwnPropertyNames(Object.prototype).sort().join(),
    Object.getOwnPropertyNames(Array.prototype).sort().join(),
  ];
  return () => {
    const changes: string[] = [];
    if (Object.getOwnPropertyNames(Object.prototype).sort().join() !== before[0]) changes.push('Object.prototype');
    if (Object.getOwnPropertyNames(Array.prototype).sort().join() !== before[1]) changes.push('Array.prototype');
    if (({} as Record<string, unknown>).polluted !== undefined) changes.push('({}).polluted');
    return changes;
  };
}

/**
 * Values shaped almost like particles: the right keys with sometimes-wrong values, extra keys,
 * duplicate and reserved ids. They reach the validator's deeper branches, which `fc.anything` rarely does.
 */
export const nearParticleArbitrary: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => {
  const odd = fc.oneof(hostileValueArbitrary, fc.constantFrom('__proto__', 'constructor', '', 'x'.repeat(300)));
  const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: odd });
  const id = sometimes(fc.constantFrom('a', 'b', 'a', '0'));
  return {
    node: fc.oneof(
      { maxDepth: 4, depthSize: 'small' },
      fc.record(
        { text: sometimes(fc.string()), mimeType: sometimes(fc.constantFrom('text/plain', '')) },
        { requiredKeys: [] },
      ),
      fc.record(
        { data: sometimes(fc.constant('https://x/a.png')), mimeType: sometimes(fc.constant('image/png')) },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          group: sometimes(fc.array(fc.oneof(fc.tuple(id, tie('node')), odd), { maxLength: 4 })),
          type: sometimes(fc.constantFrom('card', 'Card', 'a--b')),
          on: sometimes(
            fc.dictionary(
              fc.constantFrom(...EVENT_NAMES, 'hover', '__proto__'),
              fc.record({ handler: id, data: sometimes(fc.constantFrom(...EVENT_DATA)) }, { requiredKeys: [] }),
              { maxKeys: 2 },
            ),
          ),
          extra: odd,
        },
        { requiredKeys: ['group'] },
      ),
    ),
  };
}).node;
