/**
 * Every JSON-RPC method name on the SUIP wire. Looked up with a `Map`/`Set`, never as object keys,
 * because method names arrive from the sandbox and `"constructor"` is a string like any other.
 */
export const Method = {
  initialize: 'suip/initialize',
  initialized: 'suip/initialized',
  append: 'suip/ops/append',
  insert: 'suip/ops/insert',
  remove: 'suip/ops/remove',
  replace: 'suip/ops/replace',
  event: 'suip/event',
  error: 'suip/error',
  shutdown: 'suip/shutdown',
  /** 1.1, renderer → generator: a value on a data-plane channel. */
  input: 'suip/input',
  /** 1.1, generator → renderer: a value on a channel the host allowed. */
  output: 'suip/output',
  /** 1.1, generator → renderer (request): ask the user through a host-owned dialog. */
  dialog: 'suip/dialog',
} as const;

/** A SUIP method name. */
export type MethodName = (typeof Method)[keyof typeof Method];

/** The four op methods, the only ones that change the tree. */
export const OP_METHODS: ReadonlySet<string> = new Set([Method.append, Method.insert, Method.remove, Method.replace]);

/** Methods a generator may send to a renderer (requests or notifications). */
export const GENERATOR_METHODS: ReadonlySet<string> = new Set([
  Method.initialize,
  Method.initialized,
  ...OP_METHODS,
  Method.output,
  Method.dialog,
]);

/** Methods a renderer may send to a generator. */
export const RENDERER_METHODS: ReadonlySet<string> = new Set([
  Method.event,
  Method.error,
  Method.shutdown,
  Method.input,
]);
