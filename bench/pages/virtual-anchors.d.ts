/** The remote-dom anchor's sandbox script, bundled by `bench/browser/anchors-plugin.mjs`. */
declare module 'virtual:bench-anchors' {
  /** The remote-dom anchor's Worker (polyfill + RemoteRootElement) as one classic script. */
  export const remoteDomWorkerSource: string;
}
