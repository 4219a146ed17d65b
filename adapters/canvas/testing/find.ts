/** Test-only: a wire group as JSON. */
export interface WireGroup {
  group: Array<[string, WireGroup | { text: string }]>;
  type?: string;
  on?: Record<string, { handler: string }>;
}

/**
 * Test-only: the path (ids from the merged root) and node of the first group whose JSON satisfies
 * `test`, depth first.
 */
export function findGroup(
  root: unknown,
  test: (group: WireGroup) => boolean,
): { path: string[]; node: WireGroup } | undefined {
  const stack: Array<{ path: string[]; node: unknown }> = [{ path: [], node: root }];
  while (stack.length > 0) {
    const { path, node } = stack.pop()!;
    const g = node as WireGroup;
    if (typeof node !== 'object' || node === null || !Array.isArray(g.group)) continue;
    if (path.length > 0 && test(g)) return { path, node: g };
    for (let i = g.group.length - 1; i >= 0; i -= 1)
      stack.push({ path: [...path, g.group[i]![0]], node: g.group[i]![1] });
  }
  return undefined;
}

/** Test-only: the text of a group's child. */
export const childText = (g: WireGroup, id: string) =>
  (g.group.find(([k]) => k === id)?.[1] as { text?: string } | undefined)?.text;
