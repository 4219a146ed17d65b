import { describe, expect, it } from 'vitest';
import { TurnText } from './turn-text.ts';

describe('TurnText', () => {
  it('forwards prose up to its bound, tells what was lost (five notes at most) and ends with the whole text', () => {
    const chunks: unknown[] = [];
    const said = new TurnText((chunk) => chunks.push(chunk), 10);
    said.prose('Hello ');
    said.prose('world!!');
    for (let i = 0; i < 7; i += 1) said.tellCut(`lost ${i}`);
    said.finish(['surface "a": bad']);
    expect(said.cut).toBe(3);
    expect(said.cutNotes).toHaveLength(5);
    expect(chunks.slice(0, 3)).toEqual([{ text: 'Hello ' }, { text: 'worl' }, { text: '\n\n[lost 0]\n\n' }]);
    expect(said.written).toBe(chunks.length);
    expect(chunks.at(-1)).toEqual({ message: { role: 'model', parts: [{ type: 'text', text: said.text }] } });
    expect(said.text).toContain(
      '[3 more characters of the answer were cut]\n[Some of the interface could not be shown',
    );
  });
});
