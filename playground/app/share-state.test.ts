import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeCode, encodeCode, readShareState, writeShareState } from './share-state.ts';

describe('share state', () => {
  it('round-trips any program through the URL fragment', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 400 }), async (code) => {
        expect(await decodeCode(await encodeCode(code))).toBe(code);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps mode, examples, edited code, the endpoint (never a key) and the tab', async () => {
    const hash = await writeShareState({
      mode: 'split',
      slots: { left: { example: 'chat' }, right: { example: 'counter', code: 'render(group("card", []))' } },
      endpoint: { baseUrl: 'demo:', model: 'recorded' },
      tab: 'tree',
    });
    expect(hash).not.toContain('apiKey');
    const state = await readShareState(hash);
    expect(state).toEqual({
      mode: 'split',
      tab: 'tree',
      endpoint: { baseUrl: 'demo:', model: 'recorded' },
      slots: { left: { example: 'chat' }, right: { example: 'counter', code: 'render(group("card", []))' } },
    });
  });

  it('drops unknown examples and code that does not decode, and reads the old #left=…&right=… links', async () => {
    expect((await readShareState('#left=nope&code.right=z%%%')).slots).toEqual({});
    expect((await readShareState('#left=todo-list&right=chat')).slots).toEqual({
      left: { example: 'todo-list' },
      right: { example: 'chat' },
    });
    expect((await readShareState('#example=quiz')).slots).toEqual({ left: { example: 'quiz' } });
  });
});
