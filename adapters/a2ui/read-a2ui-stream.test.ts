import { describe, expect, it } from 'vitest';
import { MAX_EVENT_BYTES, sseProblemIssue } from './read-a2ui-stream.ts';

describe('sseProblemIssue', () => {
  it('names the limit and the fix for an event too long, and quotes a malformed line', () => {
    expect(sseProblemIssue({ kind: 'too-long', message: 'line too long', preview: 'data: {', length: 9 })).toEqual({
      adapter: 'a2ui',
      code: 'LIMIT_EXCEEDED',
      surfaceId: '',
      path: '',
      message: `an A2UI stream event of 9 bytes was skipped (the limit is ${MAX_EVENT_BYTES}); send smaller messages`,
    });
    expect(sseProblemIssue({ kind: 'unknown-field', message: 'unknown SSE field', preview: 'foo: 1' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'unknown SSE field: foo: 1',
    });
  });
});
