import { describe, expect, it } from 'vitest';
import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import { OpBlock } from './op-block.ts';

function finish(block: OpBlock) {
  const ops: unknown[] = [];
  const errors: string[] = [];
  block.finish({ onOps: (list) => ops.push(...list), onError: (e) => errors.push(e) });
  return { ops, errors };
}

describe('a block of canvas ops', () => {
  it('decodes its pieces joined when it ends, then starts over', () => {
    const block = new OpBlock('genui');
    block.add('{"op":"cl');
    block.add('ear"}\n{"op":"remove","id":"a"}');
    expect(finish(block)).toEqual({ ops: [{ op: 'clear' }, { op: 'remove', id: 'a' }], errors: [] });
    expect(block.empty).toBe(true);
    expect(finish(block)).toEqual({ ops: [], errors: [] });
  });

  it('past maxBlockChars (its line end counted) keeps nothing and is dropped with an error naming the limit', () => {
    const block = new OpBlock('TOON');
    block.add('x'.repeat(CANVAS_LIMITS.maxBlockChars - 1));
    block.add('y');
    block.add('{"op":"clear"}');
    expect(finish(block)).toEqual({
      ops: [],
      errors: [`a TOON block over ${CANVAS_LIMITS.maxBlockChars} characters was dropped (maxBlockChars)`],
    });
    const spoiled = new OpBlock('genui');
    spoiled.spoil();
    spoiled.add('{"op":"clear"}');
    expect(finish(spoiled).errors).toEqual([expect.stringContaining('a genui block over')]);
  });
});
