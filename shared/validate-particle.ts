import { describeValue, formatPath, quoteList } from './describe.ts';
import { ErrorCode, type ErrorCodeValue } from './error-codes.ts';
import type { Limits } from './limits.ts';
import { EVENT_DATA, EVENT_NAMES, type Particle } from './particle.ts';
import { isReservedKey } from './reserved.ts';
import { checkDataParticle, checkGroupShallow, checkTextParticle } from './wire-checks.ts';

/** Why a particle (or a value claiming to be one) was refused. */
export interface ParticleIssue {
  code: ErrorCodeValue;
  /** Text a model can act on, starting with where in the particle the problem is. */
  message: string;
}

/** The outcome of `validateParticle`: the node count on success (for budgets), the issue otherwise. */
export type ParticleCheck = { ok: true; particle: Particle; nodes: number } | { ok: false; issue: ParticleIssue };

/** Where the particle sits and how much room is left for it. */
export interface ParticleContext {
  limits: Limits;
  /** Depth at which the particle itself will sit (a child of the generator root is at 1). */
  depth: number;
  /** Particles the generator may still add. */
  nodeBudget: number;
  /** How the particle is named in messages, e.g. `params.particle`. */
  where: string;
  /**
   * Where the particle will sit, as the program knows it (the op's path, plus the new id for an
   * insert or append). Given, messages name the program's own path (`the particle at
   * ["root","list"]`) instead of the op's member (`params.particle child ["list"]`), so a model
   * finds the line to fix without knowing the wire.
   */
  at?: readonly string[];
}

const textCheck = checkTextParticle;
const dataCheck = checkDataParticle;
const groupCheck = checkGroupShallow;
const KINDS = ['text', 'data', 'group'] as const;
const SHAPES =
  'send exactly one of {"text": "..."}, {"data": "https://...", "mimeType": "image/png"} or ' +
  '{"group": [["id", particle], ...], "type"?: "card", "on"?: {...}}';

/**
 * suip's rule for `on`, and why (docs/protocol.md §3): a deliberate narrowing of seed 003, whose
 * §4.2 allows `on` on any particle.
 */
const ON_ONLY_ON_GROUPS =
  'in suip only group particles take "on" (a deliberate narrowing of SUIP §4.2, which allows it on any particle): ' +
  'a text or a picture is not a control a keyboard or screen-reader user can ' +
  'reach, so a handler on it would be a click only some users can make; ' +
  'wrap it in a group whose type accepts the event, e.g. {"type": "button", ' +
  '"group": [["label", {"text": "…"}]], "on": {"click": {"handler": "h1"}}}';

interface Frame {
  value: unknown;
  depth: number;
  /** The frame of the parent group and this child's id: the location is only spelled out on error. */
  parent?: Frame;
  id?: string;
}

/** `params.particle` or `params.particle child ["list","a"]`; with `at`, `the particle at ["root","list","a"]`. */
function locate(ctx: ParticleContext, frame: Frame): string {
  const ids: string[] = [];
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) ids.push(f.id!);
  ids.reverse();
  if (ctx.at !== undefined) return `the particle at ${formatPath([...ctx.at, ...ids])}`;
  return ids.length === 0 ? ctx.where : `${ctx.where} child ${formatPath(ids)}`;
}

/**
 * Checks an untrusted value is a well-formed particle within the limits, without recursion: an
 * explicit stack walks the tree, so a depth-200,000 input cannot overflow the JS stack. Depth,
 * node, width and size budgets are checked before anything is iterated. Never throws.
 */
export function validateParticle(value: unknown, ctx: ParticleContext): ParticleCheck {
  try {
    return walk(value, ctx);
  } catch (error) {
    return fail(
      ErrorCode.InvalidParams,
      `${ctx.where} could not be read (${error instanceof Error ? error.name : 'error'}); send plain JSON (no getters, proxies or cycles)`,
    );
  }
}

function walk(root: unknown, ctx: ParticleContext): ParticleCheck {
  const stack: Frame[] = [{ value: root, depth: ctx.depth }];
  let nodes = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    nodes += 1;
    if (nodes > ctx.nodeBudget) {
      return fail(
        ErrorCode.LimitExceeded,
        `${ctx.where} has more particles than this generator may still add (${ctx.nodeBudget} left ` +
          `of maxNodes ${ctx.limits.maxNodes}); render less at once or remove particles first`,
      );
    }
    const failed = checkFrame(frame, ctx, stack);
    if (failed) return failed;
  }
  return { ok: true, particle: root as Particle, nodes };
}

/** Checks one particle of the walk; a group's children are pushed on `stack` (last first, so they pop in order). */
function checkFrame(frame: Frame, ctx: ParticleContext, stack: Frame[]): Failed | undefined {
  const { value, depth } = frame;
  const { limits } = ctx;
  // The location is spelled out only on error: walking the parent chain for every particle would cost O(depth).
  const where = () => locate(ctx, frame);
  if (depth > limits.maxDepth) {
    return fail(
      ErrorCode.LimitExceeded,
      `${where()} would sit at depth ${depth}; the deepest allowed is maxDepth ${limits.maxDepth}; flatten the tree`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(
      ErrorCode.InvalidParams,
      `${where()} must be a particle object but is ${describeValue(value)}; ${SHAPES}`,
    );
  }
  const keys = Object.keys(value);
  const reserved = keys.find(isReservedKey);
  // SECURITY: an own "__proto__"/"constructor"/"prototype" key (JSON.parse creates them) is refused
  // before anything reads the object, so no later copy can turn it into a prototype write.
  if (reserved !== undefined) {
    return fail(
      ErrorCode.PolicyViolation,
      `${where()} has the forbidden key ${JSON.stringify(reserved)}; particles are plain JSON objects; remove the key`,
    );
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    return fail(
      ErrorCode.InvalidParams,
      `${where()} must be a plain JSON object but is a ${className(value)}; ${SHAPES}`,
    );
  }
  const kinds = KINDS.filter((k) => keys.includes(k));
  if (kinds.length !== 1) return fail(ErrorCode.InvalidParams, `${where()} has keys ${quoteList(keys)}; ${SHAPES}`);
  // Seed 003 (SUIP §4.2) lets any particle carry `on`; suip takes it on groups only, and says so.
  if (kinds[0] !== 'group' && keys.includes('on')) {
    return fail(ErrorCode.InvalidParams, `${where()} is a ${kinds[0]} particle with "on"; ${ON_ONLY_ON_GROUPS}`);
  }
  const record = value as Record<string, unknown>;
  if (kinds[0] === 'text') return checkText(record, where, limits);
  if (kinds[0] === 'data') return checkData(record, where, limits);
  return checkGroup(record, frame, where, limits, stack);
}

/** A text particle: its length against maxTextLength before the schema reads it. */
function checkText(record: Record<string, unknown>, where: () => string, limits: Limits): Failed | undefined {
  const text = record.text;
  if (typeof text === 'string' && text.length > limits.maxTextLength) {
    return fail(
      ErrorCode.LimitExceeded,
      `${where()}.text has ${text.length} characters; maxTextLength ` +
        `is ${limits.maxTextLength}; split it into several text particles`,
    );
  }
  const error = textCheck.firstError(record);
  if (!error) return undefined;
  return fail(
    ErrorCode.InvalidParams,
    `${where()} is not a valid text particle (${error}); use {"text": "...", "mimeType"?: "text/markdown"}`,
  );
}

/** A data particle: its length against maxDataLength before the schema reads it. */
function checkData(record: Record<string, unknown>, where: () => string, limits: Limits): Failed | undefined {
  const data = record.data;
  if (typeof data === 'string' && data.length > limits.maxDataLength) {
    return fail(
      ErrorCode.LimitExceeded,
      `${where()}.data has ${data.length} characters; maxDataLength ` +
        `is ${limits.maxDataLength}; link to the media by URL instead`,
    );
  }
  const error = dataCheck.firstError(record);
  if (!error) return undefined;
  return fail(
    ErrorCode.InvalidParams,
    `${where()} is not a valid data particle (${error}); use {"data": "https://...", "mimeType": "image/png"}`,
  );
}

/**
 * A group: width and `on` before the shallow schema, then handler and child ids; the children go on
 * `stack` for the walk to check (never by recursion).
 */
function checkGroup(
  record: Record<string, unknown>,
  frame: Frame,
  where: () => string,
  limits: Limits,
  stack: Frame[],
): Failed | undefined {
  const children = record.group;
  if (!Array.isArray(children)) {
    return fail(
      ErrorCode.InvalidParams,
      `${where()}.group must be an array of [id, particle] entries but is ${describeValue(children)}; ` +
        `send "group": [["id", particle], ...]`,
    );
  }
  if (children.length > limits.maxChildren) {
    return fail(
      ErrorCode.LimitExceeded,
      `${where()}.group has ${children.length} children; maxChildren ` +
        `is ${limits.maxChildren}; nest them in sub-groups`,
    );
  }
  const reservedEvent = reservedOwnKey(record.on);
  if (reservedEvent !== undefined) {
    return fail(
      ErrorCode.PolicyViolation,
      `${where()}.on has the forbidden key ${JSON.stringify(reservedEvent)}; ` +
        `events are ${quoteList(EVENT_NAMES)}; remove the key`,
    );
  }
  const dataIssue = checkHandlerData(record.on, where);
  if (dataIssue) return { ok: false, issue: dataIssue };
  const error = groupCheck.firstError(record);
  if (error) {
    return fail(
      ErrorCode.InvalidParams,
      `${where()} is not a valid group (${error}); use {"group": [["id", ` +
        `particle], ...], "type"?: "card", "on"?: {"click": {"handler": "h1"}}}`,
    );
  }
  const handlerIssue = checkHandlers(record.on, where, limits);
  if (handlerIssue) return { ok: false, issue: handlerIssue };
  return pushChildren(children, frame, where, limits, stack);
}

/** Checks the child ids (unique, within limits) and pushes the children last first, so they pop in order. */
function pushChildren(
  children: unknown[],
  frame: Frame,
  where: () => string,
  limits: Limits,
  stack: Frame[],
): Failed | undefined {
  const seen = new Set<string>();
  for (let i = children.length - 1; i >= 0; i -= 1) {
    const [id, child] = children[i] as [string, unknown];
    const idIssue = checkId(id, () => `${where()}.group[${i}]`, limits);
    if (idIssue) return { ok: false, issue: idIssue };
    if (seen.has(id)) {
      return fail(
        ErrorCode.IdExists,
        `${where()}.group has the id ${JSON.stringify(id)} twice; ids must be unique among siblings; rename one of them`,
      );
    }
    seen.add(id);
    stack.push({ value: child, depth: frame.depth + 1, parent: frame, id });
  }
  return undefined;
}

/** Checks one particle id against length and reserved-key rules (shape was checked already). */
export function checkId(id: string, where: string | (() => string), limits: Limits): ParticleIssue | undefined {
  if (id.length <= limits.maxIdLength && !isReservedKey(id)) return undefined;
  const at = typeof where === 'function' ? where() : where;
  if (id.length > limits.maxIdLength) {
    return {
      code: ErrorCode.LimitExceeded,
      message: `${at}: the id has ${id.length} characters; maxIdLength is ${limits.maxIdLength}; use a shorter id`,
    };
  }
  if (isReservedKey(id)) {
    return {
      code: ErrorCode.PolicyViolation,
      message: `${at}: the id ${JSON.stringify(id)} is reserved; choose another id`,
    };
  }
  return undefined;
}

function checkHandlers(on: unknown, where: () => string, limits: Limits): ParticleIssue | undefined {
  if (on === undefined) return undefined;
  for (const [event, handler] of Object.entries(on as Record<string, { handler: string } | undefined>)) {
    // An event whose value is undefined passed the schema as an absent optional one (JSON text
    // cannot carry it; an in-page value can, and JSON.stringify would drop it): the same here.
    if (handler === undefined) continue;
    const issue = checkId(handler.handler, () => `${where()}.on.${event}.handler`, limits);
    if (issue) return issue;
  }
  return undefined;
}

/** A handler's `data` must be one of EVENT_DATA; the message lists them (the schema's union error would not). */
function checkHandlerData(on: unknown, where: () => string): ParticleIssue | undefined {
  if (typeof on !== 'object' || on === null) return undefined;
  for (const [event, handler] of Object.entries(on)) {
    const data = typeof handler === 'object' && handler !== null ? (handler as { data?: unknown }).data : undefined;
    if (data === undefined || (typeof data === 'string' && (EVENT_DATA as readonly string[]).includes(data))) continue;
    return {
      code: ErrorCode.InvalidParams,
      message:
        `${where()}.on.${event.slice(0, 40)}.data is ${describeValue(data)}; ` +
        `ask for one of ${quoteList(EVENT_DATA)}`,
    };
  }
  return undefined;
}

/** The first reserved own key of an object (`on` maps arrive from JSON.parse with own `__proto__` keys). */
function reservedOwnKey(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.keys(value).find(isReservedKey);
}

/** `Date`, `Map`, … for the error text; never calls into the value beyond its prototype chain. */
function className(value: object): string {
  const ctor: unknown = Object.getPrototypeOf(value)?.constructor;
  return typeof ctor === 'function' && typeof ctor.name === 'string' && ctor.name !== ''
    ? ctor.name.slice(0, 40)
    : 'non-plain object';
}

/** A refused particle: what the walk's checks return (the error-message test reads every `fail` call). */
type Failed = Extract<ParticleCheck, { ok: false }>;

function fail(code: ErrorCodeValue, message: string): Failed {
  return { ok: false, issue: { code, message } };
}
