/**
 * One Aho–Corasick automaton over every registered secret's folded characters (see
 * `shared/secret-forms.ts`), and a stream that runs a text through it once. Whatever the number of
 * secrets, each character of the text costs a constant (amortised): a stream's chunk costs
 * O(chunk + held tail), where a scan per secret cost O(window × secrets).
 *
 * What is removed is the union of every match: overlapping matches become one `[redacted]`,
 * touching ones stay two. A match may carry up to MAX_GAP separators between two characters; a
 * longer run of them ends every match in progress.
 */
import { type FormStep, OPEN, readStep, stepStarts } from './secret-forms.ts';

/** Separators allowed between two characters of a spelled-out secret (`s   k` has 3). */
export const MAX_GAP = 8;

/** The automaton: a trie of the secrets with failure links; state 0 is the root. */
export interface SecretAutomaton {
  /** Per state, the next state for a character. */
  readonly next: ReadonlyArray<ReadonlyMap<string, number>>;
  /** Per state, its failure link (the longest proper suffix that is a trie state). */
  readonly fail: readonly number[];
  /** Per state, its depth in the trie (the characters matched so far). */
  readonly depth: readonly number[];
  /** Per state, the longest secret ending here (0 when none), through failure links too. */
  readonly found: readonly number[];
  /** The longest secret, in characters. */
  readonly longest: number;
  /** Where a step that could begin a secret may start (`stepStarts`); a global pattern. */
  readonly starts: RegExp;
}

/** Builds the automaton over secrets given as folded character lists (each non-empty). */
export function buildAutomaton(secrets: Iterable<readonly string[]>): SecretAutomaton {
  const next: Array<Map<string, number>> = [new Map()];
  const depth = [0];
  const found = [0];
  let longest = 0;
  for (const chars of secrets) {
    let state = 0;
    for (const char of chars) {
      let to = next[state]!.get(char);
      if (to === undefined) {
        to = next.length;
        next.push(new Map());
        depth.push(depth[state]! + 1);
        found.push(0);
        next[state]!.set(char, to);
      }
      state = to;
    }
    found[state] = Math.max(found[state]!, chars.length);
    longest = Math.max(longest, chars.length);
  }
  const fail = new Array<number>(next.length).fill(0);
  // Breadth first, root's children (failure link 0) first: a state's link is set before its children's.
  const queue = [...next[0]!.values()];
  for (let head = 0; head < queue.length; head += 1) {
    const state = queue[head]!;
    for (const [char, to] of next[state]!) {
      fail[to] = step({ next, fail }, fail[state]!, char);
      found[to] = Math.max(found[to]!, found[fail[to]!]!);
      queue.push(to);
    }
  }
  return { next, fail, depth, found, longest, starts: stepStarts(next[0]!.keys()) };
}

/** The state after `char` from `state`. */
function step(automaton: Pick<SecretAutomaton, 'next' | 'fail'>, state: number, char: string): number {
  let at = state;
  for (;;) {
    const to = automaton.next[at]!.get(char);
    if (to !== undefined) return to;
    if (at === 0) return 0;
    at = automaton.fail[at]!;
  }
}

/** A stream through the automaton: `push` answers what may be sent now, `end` the rest. */
export interface SecretStream {
  push(piece: string): string;
  end(): string;
}

/**
 * Runs text through the automaton, replacing every match with `replacement`. SECURITY: text is
 * passed on only once no match can still cover it: before the start of the longest match in
 * progress, and never inside an unfinished escape. So a secret cut across pieces is removed
 * whole, and the output is the same however the text is cut (a property test holds it to a
 * whole-text reference).
 */
export function createSecretStream(automaton: SecretAutomaton, replacement: string): SecretStream {
  let buffer = '';
  /** Where `buffer` starts in the whole text, where reading has got to and what is sent. */
  let base = 0;
  let read = 0;
  let sent = 0;
  let state = 0;
  let gap = 0;
  /** The start of each of the last `longest` characters read (a ring), to place a match's start. */
  const starts = new Array<number>(Math.max(1, automaton.longest)).fill(0);
  let count = 0;
  /** Matches not yet sent: disjoint, in order, [start, end) in whole-text offsets. */
  const pending: Array<[number, number]> = [];

  const startBack = (back: number) => starts[(count - 1 - back) % starts.length]!;
  const advance = (stepped: FormStep, at: number) => {
    if (stepped.chars === null) {
      gap += 1;
      if (gap > MAX_GAP) state = 0;
      return;
    }
    gap = 0;
    for (const char of stepped.chars) {
      state = step(automaton, state, char);
      starts[count % starts.length] = at;
      count += 1;
      const length = automaton.found[state]!;
      if (length === 0) continue;
      let match: [number, number] = [startBack(length - 1), at + stepped.length];
      while (pending.length > 0 && pending.at(-1)![1] > match[0]) {
        const last = pending.pop()!;
        match = [Math.min(last[0], match[0]), match[1]];
      }
      pending.push(match);
    }
  };
  const drain = (final: boolean) => {
    const skip = automaton.starts;
    while (read < base + buffer.length) {
      if (state === 0) {
        // No match in progress: every character up to the next that could begin a step into the
        // automaton is a one-character step that leaves it at the root, so the native scan jumps it.
        skip.lastIndex = read - base;
        const next = skip.exec(buffer)?.index ?? buffer.length;
        read = base + next;
        if (next === buffer.length) break;
      }
      const stepped = readStep(buffer, read - base, final);
      if (stepped === OPEN) break;
      advance(stepped, read);
      read += stepped.length;
    }
    // No match yet to come can start before the longest one in progress.
    const safe = final ? Infinity : automaton.depth[state]! > 0 ? startBack(automaton.depth[state]! - 1) : read;
    let out = '';
    while (pending.length > 0 && pending[0]![1] <= safe) {
      const [start, end] = pending.shift()!;
      out += buffer.slice(sent - base, start - base) + replacement;
      sent = end;
    }
    const until = Math.min(safe, pending[0]?.[0] ?? Infinity, read);
    if (until > sent) {
      out += buffer.slice(sent - base, until - base);
      sent = until;
    }
    buffer = buffer.slice(sent - base);
    base = sent;
    return out;
  };
  return {
    push(piece) {
      buffer += piece;
      return drain(false);
    },
    end() {
      const out = drain(true);
      buffer = '';
      return out;
    },
  };
}
