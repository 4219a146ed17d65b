import { floorWorkerSource } from 'virtual:bench-anchors';
import { DEFAULT_LIMITS, checkOp, isCall, parseMessage, type Limits, type Op, type Particle, type RpcCall } from '../../../shared/index.ts';
import { checkUrlCredentials } from '../../../core/policy/url-policy.ts';
import { applyTransaction } from '../../../core/tree/transaction.ts';
import { groupCheckerFor } from '../../../core/vocabulary/check-group.ts';
import { BUILTIN_STRUCTURE } from '../../../core/vocabulary/structure.generated.ts';
import { plainItems, type PlainItem } from '../../anchors-browser/plain-items.ts';
import { remoteDomFrameScript } from '../../anchors-browser/remote-dom-frame.ts';
import { BENCH_LIMITS } from '../kit/suip-mount.ts';
import { createSandboxFrame } from '../kit/sandbox-frame.ts';
import { sandboxedRun } from './sandboxed-run.ts';
import type { StreamRun, StreamSetup } from './stream-types.ts';

/**
 * Anchor (d), "floor": the least a SUIP host must do per message, built from suip's own parts and
 * nothing else. The generator side (`anchors-browser/floor-worker.ts`) sends suip's exact wire from
 * a Worker in a sandboxed iframe, one transaction in flight; this host side, per message, does what
 * the issue keeps — the bounded parse (`parseMessage`), every op through `checkOp`, the
 * all-or-nothing apply with the vocabulary and credential checks (`applyTransaction`), the answer
 * posted back across the process boundary — and then writes the DOM the way the vanilla anchor does
 * (`appendData` on a plain `<div><p>` item). What suip costs above this anchor is its view (the
 * styled vocabulary, its elements and their updates) and its session's own bookkeeping; what this
 * anchor costs above vanilla is the sandbox boundary plus the validated, acknowledged transaction.
 * `without` takes one of those two parts away, to read its cost as a difference (attribution only:
 * 'answer' answers only the starting UI and the generator never waits; 'checks' runs `JSON.parse`
 * alone and applies nothing to a tree).
 */
export async function startFloorStream({ container, config, timing, arrived }: StreamSetup, without?: 'answer' | 'checks'): Promise<StreamRun> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...BENCH_LIMITS };
  const vocabulary = groupCheckerFor(BUILTIN_STRUCTURE);
  const checkGroup = (group: Parameters<typeof vocabulary>[0], path: readonly string[]) => vocabulary(group, path) ?? checkUrlCredentials(group);
  let tree: Extract<Particle, { group: unknown }> = { group: [] };
  const list = document.createElement('div');
  container.append(list);
  const { nodes, create } = plainItems();
  const removed = new Map<string, PlainItem>();
  const textOf = (particle: Particle): string => (('group' in particle ? particle.group[0]?.[1] : particle) as { text?: string } | undefined)?.text ?? '';
  /** The DOM half: each op as the vanilla anchor's DOM call. */
  const write = (op: Op): void => {
    const params = op.params as { path: string[]; id?: string; text?: string; particle?: Particle; before?: string };
    if (op.method === 'suip/ops/append' && params.text !== undefined) nodes.get(params.path[1]!)!.text.appendData(params.text);
    else if (op.method === 'suip/ops/append' && params.path.length === 0 && params.particle && 'group' in params.particle) {
      for (const [id, item] of params.particle.group) list.append(create(id, textOf(item)));
    } else if (op.method === 'suip/ops/remove') {
      const id = params.path[1]!;
      const node = nodes.get(id)!;
      node.item.remove();
      nodes.delete(id);
      removed.set(id, node);
    } else {
      const id = params.id!;
      const moved = removed.get(id);
      removed.delete(id);
      if (moved) nodes.set(id, moved);
      const item = moved?.item ?? create(id, params.particle ? textOf(params.particle) : '');
      if (op.method === 'suip/ops/insert') list.insertBefore(item, nodes.get(params.before!)!.item);
      else list.append(item);
    }
  };
  const frame = await createSandboxFrame(remoteDomFrameScript(floorWorkerSource));
  let started = false;
  const fail = (message: string): never => {
    throw new Error(`floor anchor: ${message}`);
  };
  const onData = (data: unknown): void => {
    if (typeof data === 'string') {
      const ops: Op[] = [];
      const ids: unknown[] = [];
      let batch: boolean;
      if (without === 'checks') {
        const value = JSON.parse(data) as RpcCall | RpcCall[];
        batch = Array.isArray(value);
        for (const call of batch ? (value as RpcCall[]) : [value as RpcCall]) {
          ops.push({ method: call.method, params: call.params } as Op);
          if (call.id !== undefined) ids.push(call.id);
        }
      } else {
        const parsed = parseMessage(data, limits);
        if (!parsed.ok) return fail(parsed.error.message);
        batch = parsed.batch;
        parsed.messages.forEach((call, index) => {
          if (!isCall(call)) return fail('a response from the generator');
          const check = checkOp(call.method, call.params, index, limits);
          if (!check.ok) return fail(check.error.message);
          ops.push(check.op);
          if (call.id !== undefined) ids.push(call.id);
        });
        const result = applyTransaction(tree, ops, { limits, checkGroup });
        if (!result.ok) return fail(result.error.message);
        tree = result.tree;
      }
      if (without !== 'answer' || !started) {
        const answers = ids.map((id) => ({ jsonrpc: '2.0', id, result: {} }));
        frame.port.postMessage(JSON.stringify(batch ? answers : answers[0]));
      }
      for (const op of ops) write(op);
      arrived();
    }
  };
  return sandboxedRun(frame, list, { config, timing, answered: without !== 'answer' }, onData, () => (started = true));
}
