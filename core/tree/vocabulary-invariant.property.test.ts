import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS,
  isGroup,
  validateParticle,
  type GroupParticle,
  type Op,
  type Particle,
} from '../../shared/index.ts';
import { createGroupChecker } from '../vocabulary/check-group.ts';
import { BUILTIN_VOCABULARY } from '../vocabulary/registry.ts';
import { childPosition } from './child-index.ts';
import { applyGeneratorTransaction, createMergedTree, mountGenerator, type MergedTree } from './merged-tree.ts';

/**
 * Issue 20's class of bug, closed by a property: whatever ops a transaction holds (valid or not,
 * over every vocabulary type and role), an accepted transaction leaves a merged tree that passes a
 * full validation from scratch, and a rejected one leaves the tree identical. Issue 42 adds a
 * reference model the accepted tree must equal, the child index, and lists edited in place.
 */

const checkGroup = createGroupChecker(BUILTIN_VOCABULARY);
const limits = DEFAULT_LIMITS;

/** Every group of the merged tree passes the vocabulary check, and every generator root is a valid particle. */
function validateFromScratch(merged: MergedTree): string | undefined {
  for (const [id, root] of merged.group) {
    const shape = validateParticle(root, { limits, depth: 0, nodeBudget: limits.maxNodes, where: id });
    if (!shape.ok) return shape.issue.message;
    const stack: Array<[Particle, string[]]> = [[root, []]];
    while (stack.length > 0) {
      const [node, path] = stack.pop()!;
      if (!isGroup(node)) continue;
      const issue = checkGroup(node, path);
      if (issue) return `${id} ${JSON.stringify(path)}: ${issue.message}`;
      for (const [childId, child] of node.group) stack.push([child, [...path, childId]]);
    }
  }
  return undefined;
}

const EXAMPLES = BUILTIN_VOCABULARY.map((entry) => entry.example);
const ROLE_IDS = [
  ...new Set(BUILTIN_VOCABULARY.flatMap((entry) => entry.roles.map((role) => role.id)).filter((id) => id !== '*')),
];

/** Particles an op may bring: leaves of each kind, empty and typed groups, every type's valid example. */
const PARTICLES: Particle[] = [
  { text: 'x', mimeType: 'text/plain' },
  { text: '**md**' },
  { text: '{"columns":["a"],"rows":[[1]]}', mimeType: 'application/json' },
  { data: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png' },
  { group: [] },
  ...BUILTIN_VOCABULARY.map((entry) => ({ type: entry.type, group: [] }) as Particle),
  ...EXAMPLES,
];

/** One op, described by choices resolved against the tree it is applied to. */
const recipe = fc.record({
  kind: fc.constantFrom('replace', 'append', 'insert', 'remove', 'text', 'move'),
  target: fc.nat(),
  particle: fc.nat({ max: PARTICLES.length - 1 }),
  id: fc.oneof(fc.constantFrom(...ROLE_IDS), fc.constantFrom('x1', 'x2', 'item')),
});

function paths(root: GroupParticle): Array<{ path: string[]; node: Particle }> {
  const out: Array<{ path: string[]; node: Particle }> = [];
  const stack: Array<{ path: string[]; node: Particle }> = [{ path: [], node: root }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    out.push(item);
    if (isGroup(item.node))
      for (const [id, child] of item.node.group) stack.push({ path: [...item.path, id], node: child });
  }
  return out;
}

type Recipe = typeof recipe extends fc.Arbitrary<infer T> ? T : never;

function resolve(root: GroupParticle, steps: readonly Recipe[]): Op[] {
  const all = paths(root);
  const groups = all.filter((p) => isGroup(p.node));
  const children = all.filter((p) => p.path.length > 0);
  const ops: Op[] = [];
  for (const step of steps) {
    const particle = PARTICLES[step.particle]!;
    const child = children.length > 0 ? children[step.target % children.length]! : undefined;
    const group = groups[step.target % groups.length]!;
    switch (step.kind) {
      case 'replace':
        if (child) ops.push({ method: 'suip/ops/replace', params: { path: child.path, particle } });
        break;
      case 'append':
        ops.push({ method: 'suip/ops/append', params: { path: group.path, id: step.id, particle } });
        break;
      case 'insert': {
        const first = isGroup(group.node) ? group.node.group[0]?.[0] : undefined;
        if (first !== undefined)
          ops.push({ method: 'suip/ops/insert', params: { path: group.path, id: step.id, before: first, particle } });
        break;
      }
      case 'remove':
        if (child) ops.push({ method: 'suip/ops/remove', params: { path: child.path } });
        break;
      case 'text':
        if (child) ops.push({ method: 'suip/ops/append', params: { path: child.path, text: 'more' } });
        break;
      case 'move':
        if (child) {
          const id = child.path[child.path.length - 1]!;
          ops.push(
            { method: 'suip/ops/remove', params: { path: child.path } },
            { method: 'suip/ops/append', params: { path: group.path, id } },
          );
        }
        break;
    }
  }
  return ops;
}

/**
 * The reference model: a JSON copy of the generator root and the ops applied to it the plainest
 * way (linear scans, fresh copies, a stash of removed particles for moves). Only accepted batches
 * are applied to it: it says what the tree must hold, the real checks say whether it may.
 */
function applyToModel(model: GroupParticle, ops: readonly Op[]): GroupParticle {
  const next = JSON.parse(JSON.stringify(model)) as GroupParticle;
  const stash = new Map<string, Particle>();
  const groupAt = (path: readonly string[]): GroupParticle =>
    path.reduce<GroupParticle>((node, id) => node.group.find(([child]) => child === id)![1] as GroupParticle, next);
  const indexIn = (group: GroupParticle, id: string) => group.group.findIndex(([child]) => child === id);
  const take = (id: string, particle: unknown): Particle => {
    if (particle !== undefined) {
      stash.delete(id);
      return JSON.parse(JSON.stringify(particle)) as Particle;
    }
    const moved = stash.get(id)!;
    stash.delete(id);
    return moved;
  };
  for (const op of ops) {
    const params = op.params as { path: string[]; id?: string; text?: string; before?: string; particle?: unknown };
    const parent =
      op.method === 'suip/ops/append' || op.method === 'suip/ops/insert' ? params.path : params.path.slice(0, -1);
    const last = params.path[params.path.length - 1]!;
    const group = groupAt(
      op.method === 'suip/ops/append' && params.text !== undefined ? params.path.slice(0, -1) : parent,
    );
    if (op.method === 'suip/ops/append' && params.text !== undefined) {
      const entry = group.group[indexIn(group, last)]!;
      entry[1] = { ...entry[1], text: (entry[1] as { text: string }).text + params.text } as Particle;
    } else if (op.method === 'suip/ops/append') group.group.push([params.id!, take(params.id!, params.particle)]);
    else if (op.method === 'suip/ops/insert')
      group.group.splice(indexIn(group, params.before!), 0, [params.id!, take(params.id!, params.particle)]);
    else if (op.method === 'suip/ops/remove') stash.set(last, group.group.splice(indexIn(group, last), 1)[0]![1]);
    else group.group[indexIn(group, last)] = [last, take(last, params.particle)];
  }
  return next;
}

/** Every child of every group is found at its position by the child index, and an absent id is not. */
function indexAgrees(root: Particle): boolean {
  for (const { node } of paths(root as GroupParticle)) {
    if (!isGroup(node)) continue;
    for (let i = 0; i < node.group.length; i += 1) if (childPosition(node.group, node.group[i]![0]) !== i) return false;
    if (childPosition(node.group, 'absent') !== -1) return false;
  }
  return true;
}

describe('the tree on wide lists edited in place', () => {
  it('refuses a batch on a tree older than the newest one made from it, once its wide list was edited in place', () => {
    const item = (text: string): Op => ({
      method: 'suip/ops/append',
      params: { path: ['l'], id: text, particle: { text } },
    });
    const options = { limits, checkGroup, inPlaceWidth: 2 };
    const list: Op = {
      method: 'suip/ops/append',
      params: { path: [], id: 'l', particle: { type: 'list', group: [] } },
    };
    let merged = mountGenerator(createMergedTree(), 'g');
    for (const ops of [[list, item('a'), item('b')], [item('c')]]) {
      const result = applyGeneratorTransaction(merged, 'g', ops, options);
      expect(result.ok).toBe(true);
      merged = (result as { tree: MergedTree }).tree;
    }
    const older = merged;
    const newer = applyGeneratorTransaction(older, 'g', [item('d')], options);
    expect(newer.ok).toBe(true);
    const branch = applyGeneratorTransaction(older, 'g', [item('e')], options);
    expect(branch).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/apply ops to the newest tree/) },
    });
  });
});

describe('the vocabulary invariant', () => {
  it("property: every accepted transaction gives the reference model's tree and validates from scratch; every rejected one leaves it exactly as it was; the child index agrees", () => {
    const particlesBefore = JSON.stringify(PARTICLES);
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(
        fc.subarray(EXAMPLES, { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(recipe, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        // 0 and 2: every (or nearly every) array a transaction made is edited in place by the next
        // one, with the undo log for rollback (undo-log.ts); 256, the default: copies, as small UIs get.
        fc.constantFrom(0, 2, 256),
        (start, transactions, inPlaceWidth) => {
          const options = { limits, checkGroup, inPlaceWidth };
          const seedOps = start.map(
            (particle, i) => ({ method: 'suip/ops/append', params: { path: [], id: `e${i}`, particle } }) as Op,
          );
          const seed = applyGeneratorTransaction(mountGenerator(createMergedTree(), 'g'), 'g', seedOps, options);
          expect(seed.ok).toBe(true);
          let merged = (seed as { tree: MergedTree }).tree;
          let model = applyToModel({ group: [] }, seedOps);
          expect(validateFromScratch(merged)).toBeUndefined();
          for (const steps of transactions) {
            const before = JSON.stringify(merged);
            const ops = resolve(merged.group[0]![1] as GroupParticle, steps);
            const result = applyGeneratorTransaction(merged, 'g', ops, options);
            if (result.ok) {
              accepted += 1;
              merged = result.tree;
              model = applyToModel(model, ops);
              expect(JSON.stringify(merged.group[0]![1])).toBe(JSON.stringify(model));
              expect(validateFromScratch(merged)).toBeUndefined();
            } else {
              rejected += 1;
              expect(JSON.stringify(merged)).toBe(before);
            }
            expect(indexAgrees(merged.group[0]![1])).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
    // Both outcomes were exercised, or the property proves little.
    expect(accepted).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(100);
    // Particles a sender built are never edited in place, however often a transaction edits them.
    expect(JSON.stringify(PARTICLES)).toBe(particlesBefore);
  });

  it.each([
    [
      'a button label replaced by a group',
      { type: 'button', group: [['label', { text: 'Go', mimeType: 'text/plain' }]] },
      ['b', 'label'],
      { group: [] },
      /role "label" of a "button" must be a text particle but is a group/,
    ],
    [
      'an image source replaced by a text',
      BUILTIN_VOCABULARY.find((e) => e.type === 'image')!.example,
      ['b', 'src'],
      { text: 'https://x/y.png' },
      /"image"/,
    ],
    [
      'table data replaced by a group',
      BUILTIN_VOCABULARY.find((e) => e.type === 'table')!.example,
      ['b', 'data'],
      { group: [] },
      /"table"/,
    ],
    [
      'a stat inside stats replaced by a text',
      BUILTIN_VOCABULARY.find((e) => e.type === 'stats')!.example,
      ['b', (BUILTIN_VOCABULARY.find((e) => e.type === 'stats')!.example as GroupParticle).group[0]![0]],
      { text: 'oops' },
      /"stats"/,
    ],
  ] as const)(
    '%s is refused with -32004, as append of the same tree is',
    (_name, particle, path, replacement, message) => {
      const seeded = applyGeneratorTransaction(
        mountGenerator(createMergedTree(), 'g'),
        'g',
        [{ method: 'suip/ops/append', params: { path: [], id: 'b', particle: particle as Particle } }],
        { limits, checkGroup },
      );
      expect(seeded.ok).toBe(true);
      const merged = (seeded as { tree: MergedTree }).tree;
      const result = applyGeneratorTransaction(
        merged,
        'g',
        [{ method: 'suip/ops/replace', params: { path: [...path], particle: replacement as Particle } }],
        { limits, checkGroup },
      );
      expect(result).toMatchObject({ ok: false, error: { code: -32004, message: expect.stringMatching(message) } });
    },
  );
});

describe('the vocabulary invariant, by case', () => {
  it('checks the whole of a new subtree that takes the path of a group an earlier op of the batch appended into', () => {
    // Op 0 changes one child of the list at ["l"]; op 1 removes that list; op 2 puts a new list at
    // ["l"] whose button lacks its required label. The new list must be checked whole, descendants
    // included, although its path was first touched for one child only.
    const item = (text: string): Particle => ({ text, mimeType: 'text/plain' });
    let merged = mountGenerator(createMergedTree(), 'g');
    const setup = applyGeneratorTransaction(
      merged,
      'g',
      [
        {
          method: 'suip/ops/append',
          params: { path: [], id: 'l', particle: { type: 'list', group: [['a', item('a')]] } },
        },
      ],
      { limits, checkGroup },
    );
    expect(setup.ok).toBe(true);
    merged = (setup as { tree: MergedTree }).tree;
    const badList: Particle = { type: 'list', group: [['b', { type: 'button', group: [] }]] };
    const ops: Op[] = [
      { method: 'suip/ops/append', params: { path: ['l'], id: 'x', particle: item('x') } },
      { method: 'suip/ops/remove', params: { path: ['l'] } },
      { method: 'suip/ops/append', params: { path: [], id: 'l', particle: badList } },
    ];
    const result = applyGeneratorTransaction(merged, 'g', ops, { limits, checkGroup });
    expect(result.ok).toBe(false);
    expect((result as { error: { message: string } }).error.message).toMatch(/"button".*label/);
  });

  it('checks a group moved out of a particle the same batch brought in, where it lands', () => {
    // Op 0 brings a wrapper holding a button without its required label; op 1 removes the button
    // from the wrapper; op 2 moves it to the root. No check ever saw the button whole before.
    const merged = mountGenerator(createMergedTree(), 'g');
    const wrapper: Particle = { group: [['b', { type: 'button', group: [] }]] };
    const ops: Op[] = [
      { method: 'suip/ops/append', params: { path: [], id: 'w', particle: wrapper } },
      { method: 'suip/ops/remove', params: { path: ['w', 'b'] } },
      { method: 'suip/ops/append', params: { path: [], id: 'b' } },
    ];
    const result = applyGeneratorTransaction(merged, 'g', ops, { limits, checkGroup });
    expect(result.ok).toBe(false);
    expect((result as { error: { message: string } }).error.message).toMatch(/"button".*label/);
  });
});
