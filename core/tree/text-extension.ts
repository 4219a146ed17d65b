/**
 * Which text particle a text append extended, and by what. A `suip/ops/append` of text makes a new
 * particle, `{...old, text: old.text + delta}`, in the transaction's own code (never an object a
 * sender built), so the new particle's text starts with the old one's. Checks whose work grows with
 * the text (the markdown credentials scan, url-policy.ts) resume from what they found in the old
 * particle and read only the delta: reading the joined text would make V8 flatten it, a copy of the
 * whole paragraph per streamed token. Weak both ways: nothing here keeps a particle alive.
 */
const extended = new WeakMap<object, TextExtension>();

/** How a text particle was made by an append. */
export interface TextExtension {
  /**
   * The particle the append extended; undefined once a newer append extended this particle in
   * turn (one step back is all a check resumes from).
   */
  from: object | undefined;
  /** The appended text. */
  delta: string;
  /**
   * What the resuming check (the markdown credentials scan, url-policy.ts: its one user) found in
   * this particle, once it ran. Kept here rather than in a table of its own keyed by particle: such
   * a table holds an entry for every text the host shows, and a token paid for reaching into it
   * (issue 42's sweep: its share of a token's apply grew 3x from 500 to 50,000 siblings), while
   * this record is reached anyway to resume.
   */
  memo?: unknown;
}

/** Record that the transaction made `to` by appending `delta` to `from`'s text. */
export function recordTextExtension(from: object, to: object, delta: string): void {
  // One step back is all a check resumes from: `from`'s own link to its predecessor is cut, or
  // every version of a streamed paragraph would stay reachable through the chain (a particle per
  // token, kept alive as long as the newest one is, and promoted by every garbage collection).
  // Its record stays, with what a check found in it: a refused transaction puts `from` back in
  // the tree, and the next append must still resume from it, not rescan the whole text.
  const before = extended.get(from);
  if (before !== undefined) before.from = undefined;
  extended.set(to, { from, delta });
}

/** How `particle` was made, if a text append made it. */
export function extendedFrom(particle: object): TextExtension | undefined {
  return extended.get(particle);
}
