import { describe, expect, it } from 'vitest';
import { CODE_LINE_OFFSET, reportFor, workerScript } from './worker-report.ts';

describe('worker script and reports', () => {
  it('puts the model code on line 1 + CODE_LINE_OFFSET, before the runtime', () => {
    const script = workerScript('first();\nsecond();', '/*runtime*/');
    expect(script.split('\n')[CODE_LINE_OFFSET]).toBe('first();');
    expect(script.endsWith('/*runtime*/')).toBe(true);
  });

  it('reads the model line from a stack that points into the Worker script', () => {
    const error = new TypeError('x is not a function');
    error.stack = 'TypeError: x is not a function\n    at main (blob:null/1234:4:7)\n    at blob:null/1234:900:1';
    expect(reportFor(error, 'blob:null/1234')).toEqual({
      kind: 'exception',
      message: 'TypeError: x is not a function',
      line: 4 - CODE_LINE_OFFSET,
    });
    expect(reportFor('plain', 'blob:null/1234')).toEqual({ kind: 'exception', message: 'Uncaught plain' });
  });

  it("skips frames in the runtime: the line is the program's own call, not a builder's internals", () => {
    const error = new TypeError('group("card", …): children must be an array');
    // The builder (line 3,000, in the runtime) threw; the program called it from its line 2.
    error.stack =
      'TypeError: …\n    at group (blob:null/1234:3000:9)\n    at view (blob:null/1234:3:12)\n    at main (blob:null/1234:5:1)';
    expect(reportFor(error, 'blob:null/1234', 4)).toMatchObject({ line: 3 - CODE_LINE_OFFSET });
    expect(workerScript('a();\nb();', '').split('\n')[CODE_LINE_OFFSET + 3]).toBe('self.__suipCodeLines = 2;');
  });
});
