/** Settings of one simulated model stream (identical for suip and every anchor). */
export interface TokenScriptConfig {
  /** Particles in the starting UI (two per item: the item group and its text). */
  particles: number;
  /** PRNG seed: every anchor sees the same edits. */
  seed: number;
  /** A new item every this many tokens. */
  tokensPerItem: number;
  /** Share of tokens that also reorder or remove an item. */
  churn: number;
}

/** One change the simulated model makes; every anchor maps it onto its own mechanism. */
export type TokenEdit =
  | { kind: 'token'; id: string; token: string }
  | { kind: 'add'; id: string }
  | { kind: 'move'; id: string; before: string }
  | { kind: 'remove'; id: string };

/** The simulated model: the items it shows and the edits of each token. */
export interface TokenScript {
  /** Current items in order; the last one is the one being streamed into. */
  items: Array<{ id: string; text: string }>;
  /** Apply token `i` and return its edits (a `token` edit first, then structure). */
  step(i: number): TokenEdit[];
}

/**
 * A deterministic stand-in for a model streaming into a UI: every token appends ` w<i>` to the last
 * item; every `tokensPerItem` tokens a new item starts; `churn` of the tokens also move or remove a
 * random older item. The token index is in the text, so a page can read from the DOM which token
 * is on screen.
 *
 * SELF-CONTAINED on purpose: its source (`createTokenScript.toString()`) is pasted into the suip
 * generator code and the remote-dom sandbox, so it must not reference anything outside itself.
 */
export function createTokenScript(config: TokenScriptConfig): TokenScript {
  let seed = config.seed >>> 0 || 1;
  const random = (): number => {
    // xorshift32: fast, deterministic, good enough to pick items.
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed / 4294967296;
  };
  const items: Array<{ id: string; text: string }> = [];
  let next = 0;
  const count = Math.max(2, Math.floor(config.particles / 2));
  for (let k = 0; k < count - 1; k++) items.push({ id: `i${next++}`, text: `item ${k}` });
  items.push({ id: `i${next++}`, text: '' });
  return {
    items,
    step(i) {
      const edits: TokenEdit[] = [];
      const live = items[items.length - 1]!;
      const token = ` w${i}`;
      live.text += token;
      edits.push({ kind: 'token', id: live.id, token });
      if (random() < config.churn && items.length > 3) {
        const from = Math.floor(random() * (items.length - 1));
        const moved = items[from]!;
        if (random() < 0.5) {
          items.splice(from, 1);
          edits.push({ kind: 'remove', id: moved.id });
        } else {
          items.splice(from, 1);
          const to = Math.floor(random() * (items.length - 1));
          items.splice(to, 0, moved);
          edits.push({ kind: 'move', id: moved.id, before: items[to + 1]!.id });
        }
      }
      if (i % config.tokensPerItem === config.tokensPerItem - 1) {
        const item = { id: `i${next++}`, text: '' };
        items.push(item);
        edits.push({ kind: 'add', id: item.id });
      }
      return edits;
    },
  };
}

/** Timing of one stream: token `i` is due at `startAt + i * 1000 / rate` (epoch ms). */
export interface StreamTiming {
  startAt: number;
  rate: number;
  tokens: number;
}

/**
 * Plays `script` in real time: waits for each token's due time, applies every token that is due,
 * then calls `flush` once with their edits (a model's tokens arrive in bursts when the consumer
 * is late; one flush per wake-up is what a real client does). Resolves after the last token.
 * Each flush ends its task, late or not, as a network read does: a player that caught up by looping
 * without a wait held its thread until it was on time again, and a suip program's renders (sent at
 * the end of a task) waited with it: 56 tokens per message at 50,000 particles, load 9, where
 * vanilla's Worker sent 1.2. A Worker held past the relay's heartbeat timeout is ended as a loop.
 *
 * SELF-CONTAINED for the same reason as `createTokenScript`.
 */
export async function playTokenStream(
  script: TokenScript,
  timing: StreamTiming,
  flush: (edits: TokenEdit[], lastToken: number) => void,
): Promise<void> {
  const now = (): number => performance.timeOrigin + performance.now();
  const interval = 1000 / timing.rate;
  let i = 0;
  while (i < timing.tokens) {
    const wait = timing.startAt + i * interval - now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    const edits: TokenEdit[] = [];
    const t = now();
    while (i < timing.tokens && timing.startAt + i * interval <= t) edits.push(...script.step(i++));
    if (edits.length > 0) flush(edits, i - 1);
  }
}
