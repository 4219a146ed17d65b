import { Type, type Static } from '@sinclair/typebox';

/**
 * Seed 002 (runtime ⇄ UI, JSON-RPC 2.0 over NDJSON), once, for both roles: every method's params
 * and result, the notifications, and codelia's `AgentEvent` union, checked against codelia's
 * `packages/protocol` and `packages/shared-types/src/events.ts`. Objects accept extra fields ("params
 * allows future expansion"; codelia's TUI sends `tools` in `run.start` and `scope` in
 * `session.list`), but the fields the seed names are typed and bounded.
 */

const Id = Type.String({ minLength: 1, maxLength: 256 });
const Short = Type.String({ maxLength: 256 });
const Long = Type.String({ maxLength: 1 << 20 });
const Open = { additionalProperties: true } as const;

/** `initialize` params (UI → runtime, first request). */
export const InitializeParams = Type.Object(
  {
    protocol_version: Short,
    client: Type.Object({ name: Short, version: Short }, Open),
    ui_capabilities: Type.Optional(
      Type.Object(
        {
          supports_confirm: Type.Optional(Type.Boolean()),
          supports_prompt: Type.Optional(Type.Boolean()),
          supports_pick: Type.Optional(Type.Boolean()),
          supports_markdown: Type.Optional(Type.Boolean()),
          supports_images: Type.Optional(Type.Boolean()),
        },
        Open,
      ),
    ),
  },
  Open,
);
/** `initialize` result. */
export const InitializeResult = Type.Object(
  {
    protocol_version: Short,
    server: Type.Object({ name: Short, version: Short }, Open),
    server_capabilities: Type.Optional(
      Type.Object(
        {
          supports_run_cancel: Type.Optional(Type.Boolean()),
          supports_ui_requests: Type.Optional(Type.Boolean()),
          supports_mcp_list: Type.Optional(Type.Boolean()),
          supports_skills_list: Type.Optional(Type.Boolean()),
        },
        Open,
      ),
    ),
  },
  Open,
);

/** `ui.context.update` params, also `run.start`'s `ui_context`. */
export const UiContext = Type.Object(
  {
    cwd: Type.Optional(Long),
    workspace_root: Type.Optional(Long),
    active_file: Type.Optional(Type.Object({ path: Long, language_id: Type.Optional(Short) }, Open)),
    selection: Type.Optional(Type.Unknown()),
    extensions: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  Open,
);

/** `run.start` params. */
export const RunStartParams = Type.Object(
  {
    input: Type.Object({ type: Type.Literal('text'), text: Type.String({ maxLength: 1 << 20 }) }, Open),
    session_id: Type.Optional(Id),
    ui_context: Type.Optional(UiContext),
    meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  Open,
);
/** `run.start` result (codelia adds `session_id`). */
export const RunStartResult = Type.Object({ run_id: Id, session_id: Type.Optional(Id) }, Open);

const Ts = Type.Optional(Type.Number());
/** codelia's `AgentEvent` union, one schema per `type`. */
export const AgentEvent = Type.Union([
  Type.Object({ type: Type.Literal('text'), content: Long, timestamp: Ts }, Open),
  Type.Object({ type: Type.Literal('reasoning'), content: Long, timestamp: Ts }, Open),
  Type.Object(
    {
      type: Type.Literal('llm.retry'),
      provider: Type.Optional(Short),
      next_attempt: Type.Optional(Type.Number()),
      max_attempts: Type.Optional(Type.Number()),
      delay_ms: Type.Optional(Type.Number()),
    },
    Open,
  ),
  Type.Object(
    {
      type: Type.Literal('step_start'),
      step_id: Id,
      title: Type.String({ maxLength: 4096 }),
      step_number: Type.Number(),
    },
    Open,
  ),
  Type.Object(
    {
      type: Type.Literal('step_complete'),
      step_id: Id,
      status: Type.Union([Type.Literal('completed'), Type.Literal('error')]),
      duration_ms: Type.Number(),
    },
    Open,
  ),
  Type.Object(
    {
      type: Type.Literal('tool_call'),
      tool: Short,
      args: Type.Record(Type.String(), Type.Unknown()),
      raw_args: Type.Optional(Long),
      tool_call_id: Id,
      display_name: Type.Optional(Short),
    },
    Open,
  ),
  Type.Object(
    {
      type: Type.Literal('tool_result'),
      tool: Short,
      result: Long,
      tool_call_id: Id,
      is_error: Type.Optional(Type.Boolean()),
      screenshot_base64: Type.Optional(Type.Union([Type.String({ maxLength: 4 << 20 }), Type.Null()])),
    },
    Open,
  ),
  Type.Object(
    {
      type: Type.Literal('permission.preview'),
      tool: Short,
      tool_call_id: Type.Optional(Id),
      file_path: Type.Optional(Long),
      language: Type.Optional(Short),
      diff: Type.Optional(Long),
      summary: Type.Optional(Long),
      truncated: Type.Optional(Type.Boolean()),
    },
    Open,
  ),
  Type.Object({ type: Type.Literal('permission.ready'), tool: Short, tool_call_id: Type.Optional(Id) }, Open),
  Type.Object({ type: Type.Literal('compaction_start'), timestamp: Ts }, Open),
  Type.Object(
    { type: Type.Literal('compaction_complete'), timestamp: Ts, compacted: Type.Optional(Type.Boolean()) },
    Open,
  ),
  Type.Object({ type: Type.Literal('hidden_user_message'), content: Long }, Open),
  Type.Object({ type: Type.Literal('final'), content: Long, termination_reason: Type.Optional(Short) }, Open),
]);
/** One agent event. */
export type AgentEvent = Static<typeof AgentEvent>;

/** `agent.event` params (runtime → UI notification). */
// codelia's own session.history sends the user's message as hidden_user_message with seq -1.
export const AgentEventParams = Type.Object(
  {
    run_id: Id,
    seq: Type.Integer({ minimum: -1 }),
    event: AgentEvent,
    meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  Open,
);
/** A run's states; `completed`, `error` and `cancelled` are terminal. */
export const RunStatus = Type.Union([
  Type.Literal('running'),
  Type.Literal('awaiting_ui'),
  Type.Literal('completed'),
  Type.Literal('error'),
  Type.Literal('cancelled'),
]);
/** A run's state. */
export type RunStatus = Static<typeof RunStatus>;
/** `run.status` params (runtime → UI notification). */
export const RunStatusParams = Type.Object({ run_id: Id, status: RunStatus, message: Type.Optional(Long) }, Open);
/** `run.context` params (runtime → UI notification). */
export const RunContextParams = Type.Object(
  { run_id: Id, context_left_percent: Type.Number({ minimum: 0, maximum: 100 }) },
  Open,
);
/** `run.cancel` params. */
export const RunCancelParams = Type.Object({ run_id: Id, reason: Type.Optional(Long) }, Open);
/** `run.cancel` result. */
export const RunCancelResult = Type.Object(
  {
    ok: Type.Boolean(),
    status: Type.Optional(
      Type.Union([
        Type.Literal('running'),
        Type.Literal('completed'),
        Type.Literal('error'),
        Type.Literal('cancelled'),
      ]),
    ),
  },
  Open,
);

/** `session.list` params (codelia adds `scope` and `workspace_root`) and result. */
export const SessionListParams = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    scope: Type.Optional(Short),
    workspace_root: Type.Optional(Long),
  },
  Open,
);
export const SessionSummary = Type.Object(
  {
    session_id: Id,
    updated_at: Short,
    run_id: Type.Optional(Id),
    message_count: Type.Optional(Type.Integer({ minimum: 0 })),
    last_user_message: Type.Optional(Long),
  },
  Open,
);
export const SessionListResult = Type.Object(
  { sessions: Type.Array(SessionSummary), current_workspace_root: Type.Optional(Long) },
  Open,
);
/** `session.history` params and result (the history itself arrives as `agent.event`s). */
export const SessionHistoryParams = Type.Object(
  {
    session_id: Id,
    max_runs: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    max_events: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  },
  Open,
);
export const SessionHistoryResult = Type.Object(
  {
    runs: Type.Integer({ minimum: 0 }),
    events_sent: Type.Integer({ minimum: 0 }),
    truncated: Type.Optional(Type.Boolean()),
  },
  Open,
);

/** `model.list` / `model.set`. */
export const ModelListParams = Type.Object(
  { provider: Type.Optional(Short), include_details: Type.Optional(Type.Boolean()) },
  Open,
);
export const ModelListResult = Type.Object(
  {
    provider: Short,
    models: Type.Array(Short),
    current: Type.Optional(Short),
    details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  Open,
);
export const ModelSetParams = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 256 }), provider: Type.Optional(Short) },
  Open,
);
export const ModelSetResult = Type.Object({ provider: Short, name: Short }, Open);

/** `mcp.list` / `skills.list` (the suip runtime has neither; it says so in its capabilities). */
export const McpListParams = Type.Object({ scope: Type.Optional(Short) }, Open);
export const McpListResult = Type.Object({ servers: Type.Array(Type.Unknown()) }, Open);
export const SkillsListParams = Type.Object(
  { cwd: Type.Optional(Long), force_reload: Type.Optional(Type.Boolean()) },
  Open,
);
export const SkillsListResult = Type.Object(
  { skills: Type.Array(Type.Unknown()), errors: Type.Array(Type.Unknown()), truncated: Type.Boolean() },
  Open,
);

/** Runtime → UI requests. */
export const UiConfirmParams = Type.Object(
  {
    run_id: Type.Optional(Id),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    message: Type.String({ maxLength: 4000 }),
    confirm_label: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    cancel_label: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    danger_level: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('danger')])),
    allow_remember: Type.Optional(Type.Boolean()),
    allow_reason: Type.Optional(Type.Boolean()),
  },
  Open,
);
export const UiConfirmResult = Type.Object(
  {
    ok: Type.Boolean(),
    remember: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    reason: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Null()])),
  },
  Open,
);
export const UiPromptParams = Type.Object(
  {
    run_id: Type.Optional(Id),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    message: Type.String({ maxLength: 4000 }),
    default_value: Type.Optional(Type.String({ maxLength: 4000 })),
    multiline: Type.Optional(Type.Boolean()),
    secret: Type.Optional(Type.Boolean()),
  },
  Open,
);
export const UiPromptResult = Type.Object(
  { value: Type.Union([Type.String({ maxLength: 1 << 20 }), Type.Null()]) },
  Open,
);
export const UiPickParams = Type.Object(
  {
    run_id: Type.Optional(Id),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    items: Type.Array(
      Type.Object(
        {
          id: Type.String({ minLength: 1, maxLength: 128 }),
          label: Type.String({ minLength: 1, maxLength: 200 }),
          detail: Type.Optional(Type.String({ maxLength: 500 })),
        },
        Open,
      ),
      { minItems: 1, maxItems: 100 },
    ),
    multi: Type.Optional(Type.Boolean()),
  },
  Open,
);
export const UiPickResult = Type.Object({ ids: Type.Array(Type.String({ maxLength: 128 }), { maxItems: 100 }) }, Open);

/** Every request of the seed: who sends it, and its params and result. */
export const REQUESTS = {
  initialize: { from: 'ui', params: InitializeParams, result: InitializeResult },
  'run.start': { from: 'ui', params: RunStartParams, result: RunStartResult },
  'run.cancel': { from: 'ui', params: RunCancelParams, result: RunCancelResult },
  'session.list': { from: 'ui', params: SessionListParams, result: SessionListResult },
  'session.history': { from: 'ui', params: SessionHistoryParams, result: SessionHistoryResult },
  'model.list': { from: 'ui', params: ModelListParams, result: ModelListResult },
  'model.set': { from: 'ui', params: ModelSetParams, result: ModelSetResult },
  'mcp.list': { from: 'ui', params: McpListParams, result: McpListResult },
  'skills.list': { from: 'ui', params: SkillsListParams, result: SkillsListResult },
  'ui.confirm.request': { from: 'runtime', params: UiConfirmParams, result: UiConfirmResult },
  'ui.prompt.request': { from: 'runtime', params: UiPromptParams, result: UiPromptResult },
  'ui.pick.request': { from: 'runtime', params: UiPickParams, result: UiPickResult },
} as const;
/** Every notification of the seed. */
export const NOTIFICATIONS = {
  'agent.event': { from: 'runtime', params: AgentEventParams },
  'run.status': { from: 'runtime', params: RunStatusParams },
  'run.context': { from: 'runtime', params: RunContextParams },
  'ui.context.update': { from: 'ui', params: UiContext },
} as const;

/** A request method name. */
export type RequestMethod = keyof typeof REQUESTS;
/** Params of a request method. */
export type ParamsOf<M extends RequestMethod> = Static<(typeof REQUESTS)[M]['params']>;
/** Result of a request method. */
export type ResultOf<M extends RequestMethod> = Static<(typeof REQUESTS)[M]['result']>;
/** A notification method name. */
export type NotificationMethod = keyof typeof NOTIFICATIONS;
/** Params of a notification. */
export type NotificationParams<M extends NotificationMethod> = Static<(typeof NOTIFICATIONS)[M]['params']>;

/** The seed's error codes (§9) plus JSON-RPC's. */
export const RpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  RuntimeBusy: -32001,
  RunNotFound: -32002,
  UserCancelled: -32003,
} as const;

/** The JSON-RPC envelope (any of request, response, notification); ids are strings per the seed, numbers accepted. */
export const RpcEnvelope = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Number(), Type.Null()])),
    method: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    params: Type.Optional(Type.Unknown()),
    result: Type.Optional(Type.Unknown()),
    error: Type.Optional(
      Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) }, Open),
    ),
  },
  Open,
);
/** One JSON-RPC message. */
export type RpcEnvelope = Static<typeof RpcEnvelope>;
