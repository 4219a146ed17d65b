import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ROOT_PATH, childPath } from './child-path.ts';

describe('childPath', () => {
  it('returns the same frozen array for the same parent and id while it is in use', () => {
    const mount = childPath(ROOT_PATH, 'answer');
    const row = childPath(mount, 'r1');
    expect(childPath(ROOT_PATH, 'answer')).toBe(mount);
    expect(childPath(mount, 'r1')).toBe(row);
    expect(row).toEqual(['answer', 'r1']);
    expect(Object.isFrozen(row)).toBe(true);
  });

  it('gives different ids and different parents different arrays', () => {
    const a = childPath(ROOT_PATH, 'a');
    const b = childPath(ROOT_PATH, 'b');
    expect(a).not.toBe(b);
    expect(childPath(a, 'x')).not.toBe(childPath(b, 'x'));
    expect(childPath(a, 'x')).toEqual(['a', 'x']);
  });

  it('does not keep a path nobody holds (the memo holds it weakly)', async () => {
    // A full collection on demand, in whatever worker vitest runs this in.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // The memo must not be what keeps a path alive: a WeakRef to it dies once nothing else holds it.
    let ref: WeakRef<readonly string[]> | undefined;
    (() => {
      ref = new WeakRef(childPath(childPath(ROOT_PATH, 'gone'), 'row'));
    })();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(ref!.deref()).toBeUndefined();
  });
});
