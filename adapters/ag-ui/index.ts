/** AG-UI for suip hosts (`suip/ag-ui`): any `@ag-ui/client` agent drives a suip renderer. */
export { connectAgUi, A2UI_ACTIVITY, STATE_CHANNEL } from './connect-ag-ui.ts';
export type { AgUiConnection, AgUiIssue, AgUiOptions, AgUiRenderer, AgUiRunOutcome } from './connect-ag-ui.ts';
export { BoundedHttpAgent, REFUSED_EVENT } from './bounded-http-agent.ts';
export type { BoundedHttpAgentConfig } from './bounded-http-agent.ts';
export { RENDER_PROGRAM_TOOL, ASK_USER_TOOL, ACTION_CHANNEL } from './frontend-tools.ts';
export { answerInterrupt } from './interrupt-dialog.ts';
export { DEFAULT_AG_UI_LIMITS } from '../../shared/neighbours/ag-ui/limits.ts';
export type { AgUiLimits } from '../../shared/neighbours/ag-ui/limits.ts';
export { applyJsonPatch } from '../../shared/neighbours/ag-ui/json-patch.ts';
export { decodeAgUiEvent } from '../../shared/neighbours/ag-ui/events.ts';
