/**
 * Bounds of the AG-UI neighbour (`suip/ag-ui` and the server's AG-UI endpoint): everything an
 * agent can make the host hold or parse has one, so a hostile or broken agent costs at most this.
 */
export interface AgUiLimits {
  /** Bytes of one SSE event, checked before its data is parsed (a 10 MB tool argument stops here). */
  maxEventBytes: number;
  /** Nesting depth of one event's JSON, measured before `JSON.parse`. */
  maxDepth: number;
  /** Characters of one text message kept and shown; what passes is counted and said, never kept. */
  maxTextChars: number;
  /** Characters of one tool call's arguments; a call that passes it is refused and never executed. */
  maxToolArgsChars: number;
  /** Bytes of the agent state (JSON) after a snapshot or a patch; a bigger one is refused whole. */
  maxStateBytes: number;
  /** Operations of one `STATE_DELTA`. */
  maxPatchOps: number;
  /** Messages of the conversation shown (a `MESSAGES_SNAPSHOT` longer than this shows its newest). */
  maxMessages: number;
  /** Issue notes shown in the transcript (all still reach `onIssue`). */
  maxNotes: number;
}

/** The defaults: far above what a conversation needs, far below what stalls a page. */
export const DEFAULT_AG_UI_LIMITS: Readonly<AgUiLimits> = Object.freeze({
  maxEventBytes: 1 << 20,
  maxDepth: 64,
  maxTextChars: 64_000,
  maxToolArgsChars: 512_000,
  maxStateBytes: 1 << 20,
  maxPatchOps: 1_000,
  maxMessages: 500,
  maxNotes: 50,
});
