import { describe, expect, it } from 'vitest';
import { describeError, fromErrorObject } from './error-line.ts';

describe('an error line', () => {
  it('names its source, the op it names and the program line', () => {
    const op = fromErrorObject('left', {
      code: -32602,
      message: 'bad op',
      data: { method: 'suip/ops/set', path: ['a'], index: 2 },
    });
    expect(op).toMatchObject({
      generatorId: 'left',
      source: 'renderer',
      method: 'suip/ops/set',
      path: ['a'],
      index: 2,
    });
    const thrown = fromErrorObject('left', { code: -32000, message: 'boom (line 7)', data: { reason: 'exception' } });
    expect(thrown).toMatchObject({ source: 'generator', line: 7 });
    expect(fromErrorObject('right', { code: -32000, message: 'slow', data: { reason: 'watchdog' } }).source).toBe(
      'sandbox',
    );
    expect(describeError(thrown)).toMatch(/^generator error \[.*line 7\]: boom \(line 7\)$/);
  });
});
