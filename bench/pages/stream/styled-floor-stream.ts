import { floorWorkerSource } from 'virtual:bench-anchors';
import { remoteDomFrameScript } from '../../anchors-browser/remote-dom-frame.ts';
import { createSandboxFrame } from '../kit/sandbox-frame.ts';
import { sandboxedRun } from './sandboxed-run.ts';
import type { StreamRun, StreamSetup } from './stream-types.ts';
import { MARK_A, viewBuilder, type ViewPrint } from './view-blueprint.ts';

/** The wire ops the floor Worker sends (suip's own: `anchors-browser/floor-worker.ts`). */
type ItemParticle = { group: Array<[string, { text: string }]> };
type ListParticle = { group: Array<[string, ItemParticle]> };
interface WireCall {
  method: string;
  params: { path: string[]; id?: string; text?: string; before?: string; particle?: ListParticle };
  id?: number;
}

/**
 * The styled floor (issue 43 item 1b): suip's exact wire from a Worker in a sandboxed iframe (one
 * JSON-RPC text per flush, one transaction in flight, each answered), and on the host exactly the
 * DOM and style sheets suip's view ends with (`view-blueprint.ts`: captured from suip's page, the
 * same elements, shadow roots, inline styles, Lit markers and shared sheets), built by direct
 * calls: `JSON.parse`, then per op one DOM change (`appendData` on the item's text node, the
 * item's nodes inserted or removed). No validation, no tree, no session, no Lit, none of suip's
 * code. suip above this floor is its protocol (checks, records, the frame tick); this floor above
 * the physical limit ('limit') is the view's DOM and style.
 */
export async function startStyledFloorStream(setup: StreamSetup, print: ViewPrint): Promise<StreamRun> {
  const { container, config, timing, arrived } = setup;
  const builder = viewBuilder(print, MARK_A);
  const box = document.createElement('div');
  container.append(box);
  let list: Node = box;
  let end: Node | null = null;
  const items = new Map<string, { nodes: Node[]; text: Text }>();
  const removed = new Map<string, { nodes: Node[]; text: Text }>();
  const place = (id: string, item: { nodes: Node[]; text: Text }, before: Node | null): void => {
    items.set(id, item);
    for (const node of item.nodes) list.insertBefore(node, before);
  };
  const apply = (call: WireCall): void => {
    const { path, id, text, before, particle } = call.params;
    if (call.method === 'suip/ops/append' && text !== undefined) items.get(path[1]!)!.text.appendData(text);
    else if (call.method === 'suip/ops/append' && path.length === 0) {
      ({ list, end } = builder.shell(box));
      for (const [itemId, item] of particle!.group) place(itemId, builder.item(item.group[0]![1].text), end);
    } else if (call.method === 'suip/ops/append') place(id!, builder.item(''), end);
    else if (call.method === 'suip/ops/remove') {
      const item = items.get(path[1]!)!;
      for (const node of item.nodes) (node as ChildNode).remove();
      items.delete(path[1]!);
      removed.set(path[1]!, item);
    } else {
      const item = removed.get(id!)!;
      removed.delete(id!);
      place(id!, item, items.get(before!)!.nodes[0]!);
    }
  };
  const frame = await createSandboxFrame(remoteDomFrameScript(floorWorkerSource));
  const onData = (data: unknown): void => {
    if (typeof data !== 'string') return;
    const value = JSON.parse(data) as WireCall | WireCall[];
    const calls = Array.isArray(value) ? value : [value];
    const ids = calls.filter((call) => call.id !== undefined).map((call) => call.id);
    const answers = ids.map((id) => `{"jsonrpc":"2.0","id":${id},"result":{}}`);
    frame.port.postMessage(Array.isArray(value) ? `[${answers.join(',')}]` : answers[0]);
    for (const call of calls) apply(call);
    arrived();
  };
  return sandboxedRun(frame, box, { config, timing, answered: true }, onData);
}
