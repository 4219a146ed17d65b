/**
 * What a JSON text would build, read in one pass over its characters before `JSON.parse` builds
 * it. `JSON.parse` of one 1 MiB message can block a thread for 100 ms or more when the text is
 * all structure (half a million nested `[`, or 350,000 `{}`), measured on these machines; this
 * scan costs about 5 ns a character and allocates nothing per value, so `parseMessage` can
 * refuse such a message before paying for it.
 */
export interface JsonShape {
  /** Deepest nesting of arrays and objects; when the scan stopped early, the level it stopped at. */
  depth: number;
  /** True when the scan stopped because `depth` passed the bound it was given. */
  truncated: boolean;
  /** Arrays and objects. */
  containers: number;
  /**
   * Objects in a particle's place: the value of a `"particle"` key, or the second element of an
   * array whose first element is a string (a group entry `[id, particle]`). A key written with
   * escapes counts as `"particle"`, so the count never falls below the real number of particles.
   */
  particles: number;
  /** Values at the top level: the entries of a batch (as far as scanned), or 1. */
  entries: number;
}

interface Levels {
  isArray: Uint8Array;
  elementIndex: Uint32Array;
  startsWithString: Uint8Array;
  expectsKey: Uint8Array;
  keyIsParticle: Uint8Array;
}

let scratch: Levels | undefined;

/** Per-level state for at least `count` levels (the scan is synchronous, so one set serves every call). */
function levelsFor(count: number): Levels {
  if (!scratch || scratch.isArray.length < count) {
    scratch = {
      isArray: new Uint8Array(count),
      elementIndex: new Uint32Array(count),
      startsWithString: new Uint8Array(count),
      expectsKey: new Uint8Array(count),
      keyIsParticle: new Uint8Array(count),
    };
  }
  return scratch;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Measure `text` as JSON without parsing it, stopping as soon as nesting passes `depthBound`
 * (so a hostile text cannot make the scan itself deep or slow). Text that is not valid JSON is
 * measured as far as it goes; `JSON.parse` rejects it afterwards.
 */
export function measureJson(text: string, depthBound: number): JsonShape {
  // Per nesting level, in flat typed arrays sized by the bound and reused from call to call: a
  // streamed token's message is ~100 bytes, and allocating the arrays cost more than scanning it.
  const { isArray, elementIndex, startsWithString, expectsKey, keyIsParticle } = levelsFor(depthBound + 2);
  let depth = 0;
  let deepest = 0;
  let containers = 0;
  let particles = 0;
  const length = text.length;
  for (let i = 0; i < length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i + 1;
      let escaped = false;
      for (i = start; i < length; i += 1) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) {
          escaped = true;
          i += 1;
        } else if (d === QUOTE) break;
      }
      if (depth === 0) continue;
      if (isArray[depth] === 1) {
        if (elementIndex[depth] === 0) startsWithString[depth] = 1;
      } else if (expectsKey[depth] === 1) {
        expectsKey[depth] = 0;
        keyIsParticle[depth] = escaped || (i - start === 8 && text.startsWith('particle', start)) ? 1 : 0;
      }
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (c === OPEN_OBJECT && depth > 0) {
        const inEntry = isArray[depth] === 1 && elementIndex[depth] === 1 && startsWithString[depth] === 1;
        const underKey = isArray[depth] === 0 && keyIsParticle[depth] === 1;
        if (inEntry || underKey) particles += 1;
      }
      containers += 1;
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (depth > depthBound) return { depth, truncated: true, containers, particles, entries: elementIndex[1]! + 1 };
      isArray[depth] = c === OPEN_ARRAY ? 1 : 0;
      elementIndex[depth] = 0;
      startsWithString[depth] = 0;
      expectsKey[depth] = 1;
      keyIsParticle[depth] = 0;
      continue;
    }
    if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth > 0) depth -= 1;
      continue;
    }
    if (c === COMMA && depth > 0) {
      if (isArray[depth] === 1) elementIndex[depth]! += 1;
      else {
        expectsKey[depth] = 1;
        keyIsParticle[depth] = 0;
      }
    }
  }
  // Level 1 is the top-level value: a batch counts its elements (an empty one counts 1; it is refused later anyway).
  const entries = isArray[1] === 1 && containers > 0 ? elementIndex[1]! + 1 : 1;
  return { depth: deepest, truncated: false, containers, particles, entries };
}
