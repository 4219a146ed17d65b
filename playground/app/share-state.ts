import { findExample } from '../../examples/index.ts';

/**
 * What a shared playground URL carries (in the fragment, so it never reaches a server): the mode,
 * each slot's example or its own code, the model endpoint and model name (never the API key) and
 * the open devtools panel. Opening the URL in a new browser reproduces the run.
 */
export interface ShareState {
  mode?: string;
  /** Per slot: an example id, or the program itself when it is not an unedited example. */
  slots: Record<string, { example?: string; code?: string }>;
  endpoint?: { baseUrl: string; model: string };
  tab?: string;
}

/** Hash keys; `example` is an alias of `left` (the single mode's one program). */
const CODE_PREFIX = 'code.';

/**
 * Reads the fragment (`#mode=split&left=chat&code.right=z…&tab=tree`). Unknown example ids are
 * dropped; code that does not decode is dropped (the slot then starts on its default).
 */
export async function readShareState(hash: string): Promise<ShareState> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const state: ShareState = { slots: {} };
  const mode = params.get('mode');
  if (mode) state.mode = mode;
  const tab = params.get('tab');
  if (tab) state.tab = tab;
  const baseUrl = params.get('endpoint');
  if (baseUrl !== null) state.endpoint = { baseUrl, model: params.get('model') ?? '' };
  for (const [key, value] of params) {
    const slot = key === 'example' ? 'left' : key;
    if ((slot === 'left' || slot === 'right') && findExample(value) !== undefined)
      state.slots[slot] = { ...state.slots[slot], example: value };
    if (key.startsWith(CODE_PREFIX)) {
      const code = await decodeCode(value).catch(() => undefined);
      if (code !== undefined)
        state.slots[key.slice(CODE_PREFIX.length)] = { ...state.slots[key.slice(CODE_PREFIX.length)], code };
    }
  }
  return state;
}

/** Writes the fragment for `state` (code is compressed; an unedited example is just its id). */
export async function writeShareState(state: ShareState): Promise<string> {
  const params = new URLSearchParams();
  if (state.mode) params.set('mode', state.mode);
  for (const [slot, { example, code }] of Object.entries(state.slots)) {
    if (example && (code === undefined || code === findExample(example)?.code)) params.set(slot, example);
    else if (code !== undefined) {
      if (example) params.set(slot, example);
      params.set(`${CODE_PREFIX}${slot}`, await encodeCode(code));
    }
  }
  if (state.endpoint) {
    params.set('endpoint', state.endpoint.baseUrl);
    params.set('model', state.endpoint.model);
  }
  if (state.tab) params.set('tab', state.tab);
  return `#${params.toString()}`;
}

/** `z` + base64url(deflate-raw(utf-8)) where CompressionStream exists, else `b` + base64url(utf-8). */
export async function encodeCode(code: string): Promise<string> {
  const bytes = new TextEncoder().encode(code);
  if (typeof CompressionStream === 'function')
    return `z${toBase64Url(await pipe(bytes, new CompressionStream('deflate-raw')))}`;
  return `b${toBase64Url(bytes)}`;
}

/** The inverse of `encodeCode`; throws on anything else. Bounded: a shared program is at most 256 KB. */
export async function decodeCode(text: string): Promise<string> {
  if (text.length > 400_000) throw new Error('shared code too long');
  const body = fromBase64Url(text.slice(1));
  if (text.startsWith('b')) return new TextDecoder('utf-8', { fatal: true }).decode(body);
  if (text.startsWith('z')) {
    const bytes = await pipe(body, new DecompressionStream('deflate-raw'));
    if (bytes.length > 256_000) throw new Error('shared code too long');
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  }
  throw new Error('unknown code encoding');
}

async function pipe(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
