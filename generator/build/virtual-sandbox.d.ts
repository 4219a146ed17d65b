/** The sandbox scripts as strings, produced by `generator/build/sandbox-plugin.ts`. */
declare module 'virtual:suip-sandbox' {
  /** The relay (iframe main thread) as one classic script; the Worker runtime is embedded in it. */
  export const relaySource: string;
  /** The Worker runtime alone as one classic script. */
  export const runtimeSource: string;
}

/** The Worker runtime source, embedded into the relay bundle by the sandbox build. */
declare module 'virtual:suip-runtime-source' {
  const source: string;
  export default source;
}

/** The stream Worker (`shared/stream-worker-main.ts`) as one classic script, produced by the sandbox plugin. */
declare module 'virtual:suip-stream-worker' {
  export const streamWorkerSource: string;
}

/** The gate Worker's script (`generator/relay/gate-main.ts`), embedded into the relay bundle by the sandbox build. */
declare module 'virtual:suip-gate-source' {
  const source: string;
  export default source;
}
