import { BUILTIN_STRUCTURE } from './structure.generated.ts';

/**
 * The built-in vocabulary's prose (descriptions, role descriptions, examples: 6 KB gzip of text a
 * generator's prompt is made of) is a chunk of its own, not part of the renderer's entry (issue
 * 31). The entry holds the structure (`structure.generated.ts`): validation, the elements and the
 * gallery's layout need nothing else. A renderer requests the prose when it is created, like the
 * relay chunk, and a generator's `suip/initialize` result waits for it only if it has not arrived.
 */
let loading: Promise<void> | undefined;

/** Whether the structure objects hold their prose now (checked before waiting for a promise). */
let installed = false;

/**
 * Fill the built-in structure objects with their prose, in place: the elements, the validator and
 * every renderer hold these same objects, so each sees the full definitions from then on. The
 * structure keeps its keys in the definitions' order, so the result's JSON is the same as the
 * definition files give. Idempotent.
 */
export function installVocabularyProse(
  prose: Readonly<Record<string, readonly [string, readonly string[], unknown?]>>,
): void {
  for (const entry of BUILTIN_STRUCTURE) {
    const own = prose[entry.type];
    if (own === undefined) continue;
    const [description, roles, example] = own;
    const mutable = entry as { description: string; example: unknown };
    mutable.description = description;
    entry.roles.forEach((role, index) => ((role as { description: string }).description = roles[index] ?? ''));
    if (example !== undefined) mutable.example = example;
  }
  installed = true;
}

/**
 * The prose, installed: the first call starts loading its chunk, every later one shares that load;
 * undefined once installed (nothing to wait for). A failed load is tried again by the next caller.
 */
export function loadVocabularyProse(): Promise<void> | undefined {
  if (installed) return undefined;
  loading ??= import('./prose.generated.ts').then((module) => installVocabularyProse(module.VOCABULARY_PROSE));
  loading.catch(() => (loading = undefined));
  return loading;
}
