/**
 * A2UI's examples point their images at remote hosts (images.unsplash.com). The playground's URL
 * policy refuses remote media (a src a model or agent picks is egress), so every one showed "Media
 * not shown". The gallery swaps each remote image for a local sample drawn here, an SVG `data:`
 * URI the policy accepts, sized like the original and labelled as a sample, and says so in the
 * notice. Video and audio stay as the agent sent them (and are refused): no sample stands in for them.
 */

/** A remote image URL as A2UI's examples write them (the size comes from its `w`/`h` query). */
const REMOTE_IMAGE = /^https:\/\/images\.unsplash\.com\/[^\s"]+$/;

const PALETTE = ['#5b7bd5', '#2f9e8f', '#c9793a', '#8a63c7', '#c2547a', '#4f8a3c'];

/** A sample picture (a soft gradient with a mountain and a sun) as an SVG data URI. */
export function sampleImage(width: number, height: number, seed: number): string {
  const w = Math.min(800, Math.max(16, Math.round(width)));
  const h = Math.min(800, Math.max(16, Math.round(height)));
  const a = PALETTE[seed % PALETTE.length]!;
  const b = PALETTE[(seed + 2) % PALETTE.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 100 100" preserveAspectRatio="none"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="100" height="100" fill="url(#g)"/><circle cx="72" cy="30" r="10" fill="#fff" fill-opacity=".75"/><path d="M0 100 L30 55 L50 75 L70 50 L100 90 V100 Z" fill="#fff" fill-opacity=".35"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The size an Unsplash-style URL asks for (`?w=300&h=200`), or a square when it does not say. */
function requestedSize(url: string): [number, number] {
  const query = new URL(url).searchParams;
  const w = Number(query.get('w')) || 200;
  const h = Number(query.get('h')) || w;
  return [w, h];
}

/**
 * The A2UI stream's JSON text with every remote sample image replaced by a local one; returns the
 * text unchanged when it has none (or is not JSON: the bridge then reports what is wrong with it).
 */
export function withSampleMedia(text: string): { text: string; replaced: number } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { text, replaced: 0 };
  }
  let replaced = 0;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      if (!REMOTE_IMAGE.test(node)) return node;
      replaced += 1;
      return sampleImage(...requestedSize(node), replaced);
    }
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null)
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  const next = walk(value);
  return replaced === 0 ? { text, replaced } : { text: JSON.stringify(next, null, 2), replaced };
}
