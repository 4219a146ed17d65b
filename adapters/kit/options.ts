import type { ModelParticle } from '../../generator/kit.ts';
import type { AdapterIssue, AdapterName } from './issue.ts';
import { encodeChildId } from './option-ids.ts';
import { plainText } from './text.ts';
import type { TypeRoles } from './type-roles.ts';

/**
 * suip's default `maxIdLength` (DEFAULT_LIMITS in shared/limits.ts, pinned equal by options.test.ts).
 * Written here because the widget shell bundles this file, and shared/limits.ts brings TypeBox with it.
 */
export const DEFAULT_MAX_ID_LENGTH = 256;

/** One option as a foreign protocol gives it: the value sent back when chosen, and its label. */
export interface OptionInput {
  value: string;
  label: string;
}

/** Options of `optionChildren`. */
export interface OptionChildrenOptions {
  /** Who reports the issues. */
  adapter: AdapterName;
  /** The foreign path of option `i`'s value, for issues (`/components/3/options/1/value`). */
  pathOf?: (index: number) => string;
  /** Particle id bound (the renderer's `maxIdLength`); default suip's. */
  maxIdLength?: number;
}

/** Option children ready to append to a group of the type, with the id of each kept value. */
export interface BuiltOptions {
  children: Array<readonly [string, ModelParticle]>;
  /** The particle id of a foreign value; undefined when the option was left out. */
  idOf(value: string): string | undefined;
  /** Options left out (a repeated value, an id beyond maxIdLength), one issue each. */
  issues: AdapterIssue[];
}

/**
 * Builds the option children of a vocabulary type whose other children are options (`choice`,
 * `multi-choice`, `tags`): each option's id is `encodeChildId(value)`, so no value can take a role
 * of the type (the `variant`/`placeholder` collision), and its label is plain text. A repeated
 * value, or one whose escaped id is too long, is left out with an issue; the rest still render.
 */
export function optionChildren(
  roles: TypeRoles | undefined,
  options: readonly OptionInput[],
  settings: OptionChildrenOptions,
): BuiltOptions {
  if (roles?.others !== 'text')
    throw new TypeError(`vocabulary type "${roles?.type ?? '?'}" has no text options (no text "*" role)`);
  const maxIdLength = settings.maxIdLength ?? DEFAULT_MAX_ID_LENGTH;
  const ids = new Map<string, string>();
  const children: Array<readonly [string, ModelParticle]> = [];
  const issues: AdapterIssue[] = [];
  options.forEach((option, i) => {
    const path = settings.pathOf?.(i);
    const at = path === undefined ? {} : { path };
    const shown = JSON.stringify(option.value.slice(0, 40));
    if (ids.has(option.value)) {
      issues.push({
        adapter: settings.adapter,
        code: 'duplicate_option',
        message: `option ${i} repeats the value ${shown}; each option needs its own value (it is left out)`,
        ...at,
      });
      return;
    }
    const id = encodeChildId(roles, option.value);
    if (id.length > maxIdLength) {
      issues.push({
        adapter: settings.adapter,
        code: 'option_too_long',
        message: `option ${i}'s value ${shown}… needs an id of ${id.length} characters; at most ${maxIdLength} (shorten the value; it is left out)`,
        ...at,
      });
      return;
    }
    ids.set(option.value, id);
    children.push([id, plainText(option.label)]);
  });
  return { children, idOf: (value) => ids.get(value), issues };
}
