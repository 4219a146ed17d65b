/** The remote-dom anchor's sandbox script, bundled by `bench/browser/anchors-plugin.mjs`. */
declare module 'virtual:bench-anchors' {
  /** The remote side of the remote-dom anchor as one classic script. */
  export const remoteDomSource: string;
}
