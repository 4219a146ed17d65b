/** The anchors' sandbox scripts (remote-dom, floor), bundled by `bench/browser/anchors-plugin.mjs`. */
declare module 'virtual:bench-anchors' {
  /** The remote-dom anchor's Worker (polyfill + RemoteRootElement) as one classic script. */
  export const remoteDomWorkerSource: string;
  /** The floor anchor's Worker (suip's wire, nothing else) as one classic script. */
  export const floorWorkerSource: string;
  /** The physical-limit and vanilla anchors' Worker (the token script's edits, posted as they are). */
  export const limitWorkerSource: string;
}
