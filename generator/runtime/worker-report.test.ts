import { describe, expect, it } from 'vitest';
import { reportFor, workerScript, type CodePlace } from './worker-report.ts';

/** The place the script's first line announces (what the runtime reads before the model's code exists). */
function placeOf(script: string): CodePlace {
  const first = script.split('\n')[0]!;
  expect(first).toMatch(/^self\.__suipCode = \{.*\};$/);
  return JSON.parse(first.slice('self.__suipCode = '.length, -1)) as CodePlace;
}

describe('worker script and reports', () => {
  it('puts the runtime first and the model code after it, at the offset the first line announces', () => {
    const script = workerScript('first();\nsecond();', '/*runtime*/\n/*more runtime*/');
    const lines = script.split('\n');
    const place = placeOf(script);
    expect(place).toEqual({ lines: 2, offset: 4 });
    expect(lines.slice(1, 3)).toEqual(['/*runtime*/', '/*more runtime*/']);
    // Script line n (1-based) is lines[n - 1]: the model's line k is script line k + offset.
    expect(lines[1 + place.offset - 1]).toBe('first();');
    expect(lines[2 + place.offset - 1]).toBe('second();');
    expect(script.endsWith('second();\n};')).toBe(true);
  });

  it('runs the runtime before code that escapes its function with `};`', () => {
    const order: string[] = [];
    const self = { __suipCode: undefined as unknown, __suipMain: undefined as unknown, order };
    const runtime = "self.order.push('runtime');";
    const escaping = "};\nself.order.push('escaped top level');\nself.__suipMain = async function () {";
    new Function('self', workerScript(escaping, runtime))(self);
    expect(order).toEqual(['runtime', 'escaped top level']);
  });

  it('reads the model line from a stack that points into the Worker script', () => {
    const place = { lines: 10, offset: 3000 };
    const error = new TypeError('x is not a function');
    error.stack = 'TypeError: x is not a function\n    at main (blob:null/1234:3004:7)\n    at blob:null/1234:900:1';
    expect(reportFor(error, 'blob:null/1234', place)).toEqual({
      kind: 'exception',
      message: 'TypeError: x is not a function',
      line: 4,
    });
    expect(reportFor('plain', 'blob:null/1234', place)).toEqual({ kind: 'exception', message: 'Uncaught plain' });
  });

  it("skips frames in the runtime: the line is the program's own call, not a builder's internals", () => {
    const error = new TypeError('group("card", …): children must be an array');
    // The builder (line 900, in the runtime, which now comes first) threw; the program called it from its line 2.
    error.stack =
      'TypeError: …\n    at group (blob:null/1234:900:9)\n    at view (blob:null/1234:3002:12)\n    at main (blob:null/1234:3005:1)';
    expect(reportFor(error, 'blob:null/1234', { lines: 4, offset: 3000 })).toMatchObject({ line: 2 });
  });
});
