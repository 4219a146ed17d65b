/**
 * Which text particle a text append extended. A `suip/ops/append` of text makes a new particle,
 * `{...old, text: old.text + delta}`, in the transaction's own code (never an object a sender
 * built), so the new particle's text starts with the old one's. Checks whose work grows with the
 * text (the markdown credentials scan, url-policy.ts) resume from what they found in the old
 * particle, and a streamed token costs its delta rather than the paragraph. Weak both ways:
 * nothing here keeps a particle alive.
 */
const extended = new WeakMap<object, object>();

/** Record that the transaction made `to` by appending text to `from`. */
export function recordTextExtension(from: object, to: object): void {
  extended.set(to, from);
}

/** The particle `particle` was appended from, if a text append made it. */
export function extendedFrom(particle: object): object | undefined {
  return extended.get(particle);
}
