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
    expect(reportFor(error, 'blob:null/1234')).toEqual({ kind: 'exception', message: 'TypeError: x is not a function', line: 4 - CODE_LINE_OFFSET });
    expect(reportFor('plain', 'blob:null/1234')).toEqual({ kind: 'exception', message: 'Uncaught plain' });
  });
});
