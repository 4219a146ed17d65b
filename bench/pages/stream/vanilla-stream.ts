import { createTokenScript, playTokenStream } from '../../anchors-browser/token-script.ts';
import type { StreamRun, StreamSetup } from './stream-types.ts';
import { plainItems } from '../../anchors-browser/plain-items.ts';

/**
 * Anchor (c), the floor: the simulated model runs in the host page itself and applies each token
 * with the cheapest DOM operations there are (`Text.appendData`, `insertBefore`, `remove`).
 * No sandbox, no wire, no validation, no framework.
 */
export function startVanillaStream({ container, config, timing, arrived }: StreamSetup): StreamRun {
  const script = createTokenScript(config);
  const { nodes, create } = plainItems();
  const list = document.createElement('div');
  for (const { id, text } of script.items) list.append(create(id, text));
  container.append(list);
  const startAt = performance.timeOrigin + performance.now() + timing.startAt;
  const done = playTokenStream(script, { ...timing, startAt }, (edits) => {
    for (const edit of edits) {
      if (edit.kind === 'token') nodes.get(edit.id)!.text.appendData(edit.token);
      else if (edit.kind === 'add') list.append(create(edit.id, ''));
      else if (edit.kind === 'remove') {
        nodes.get(edit.id)!.item.remove();
        nodes.delete(edit.id);
      } else list.insertBefore(nodes.get(edit.id)!.item, nodes.get(edit.before)!.item);
    }
    arrived();
  }).then(() => ({ bytes: 0, messages: 0 }));
  return {
    ready: Promise.resolve(startAt),
    done,
    bytesSoFar: () => 0,
    async dispose() {
      list.remove();
    },
  };
}
