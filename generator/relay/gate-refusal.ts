import { withinBytes } from '../../shared/message.ts';
import type { OwnEnvelope, OwnLane } from '../runtime/own-channel.ts';
import type { GateBreach } from './gate-main.ts';

/** Why the gate ends the program for one message: the budget it broke and the message the host is told. */
export interface GateRefusal {
  reason: GateBreach;
  message: string;
}

/**
 * A `JSON.stringify` replacer that throws on an object that is not plain data (an array whose own
 * properties are exactly its elements, or an object of `Object.prototype` or none), and the code
 * units of the keys JSON leaves out (`unseen`).
 * SECURITY: `JSON.stringify` measures an ArrayBuffer, a typed array's buffer, a Map, a Set, a Blob or
 * a boxed string as a few characters ("{}") while structured clone copies every byte of it to the
 * relay: on the host page's thread in these engines. Only plain data is measured, so only plain
 * data may pass. An array is the same trap: JSON reads its indices below `length` and nothing else,
 * while structured clone copies every own property (a named one of any size went unmeasured), and a
 * clone keeps holes (an empty array of length 50,000,000 cost the gate 17 s and 1 GB to measure).
 * And JSON drops a member whose value is `undefined` where a clone keeps its key, of any length:
 * those keys are counted (comlink's answer to a void call is `{…, value: undefined}`, so refusing
 * them is not an option).
 */
function plainData(): { replacer: (this: unknown, key: string, value: unknown) => unknown; unseen(): number } {
  let unseen = 0;
  return {
    replacer(key, value) {
      if (value === undefined) {
        if (!Array.isArray(this)) unseen += key.length;
        return value;
      }
      if (typeof value !== 'object' || value === null) return value;
      if (Array.isArray(value)) {
        // Checked before JSON walks its indices: a hole or a named property makes the counts differ.
        if (Object.keys(value).length !== value.length) throw new TypeError('not plain data');
        return value;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) throw new TypeError('not plain data');
      return value;
    },
    unseen: () => unseen,
  };
}

/**
 * What is wrong with the program's message `data` (with `ports`), or its size in code units (what
 * the relay's slices count) if it may go to the relay. `lanes`: the lanes the relay opened.
 */
export function gateRefusal(
  data: unknown,
  ports: readonly MessagePort[],
  lanes: { has(lane: OwnLane): boolean },
  maxBytes: number,
): GateRefusal | number {
  const type = (message: string) => ({ reason: 'type' as const, message: `the generator ${message}` });
  if (ports.length > 0) return type('sent a port towards the relay, which the protocol does not do');
  if (!Array.isArray(data) || data.length !== 2 || !lanes.has(data[0] as OwnLane))
    return type("posted on the Worker's own channel something that is not a suip envelope [lane, payload]");
  const [lane, payload] = data as OwnEnvelope;
  if (lane === 'd' && typeof payload !== 'string') return type('sent a message that is not a JSON text');
  let size = typeof payload === 'string' ? payload : undefined;
  const plain = plainData();
  if (size === undefined) {
    try {
      size = JSON.stringify(payload, plain.replacer) ?? '';
    } catch {
      return type('sent a control message that is not plain data (arrays, objects, strings, numbers, booleans)');
    }
  }
  // The keys JSON left out, at their largest in UTF-8 (3 bytes a code unit).
  const unseen = plain.unseen();
  if (3 * unseen > maxBytes || !withinBytes(size, maxBytes - 3 * unseen))
    return {
      reason: 'bytes' as const,
      message: `the generator sent a message larger than maxMessageBytes ${maxBytes}`,
    };
  return size.length + unseen;
}
