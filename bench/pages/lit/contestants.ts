import { html, render } from 'lit';
import {
  applyGeneratorTransaction,
  createMergedTree,
  mountGenerator,
  type MergedTree,
} from '../../../core/tree/index.ts';
import '../../../renderer/view/suip-tree.ts';
import type { SuipTree } from '../../../renderer/view/suip-tree.ts';
import type { ViewContext } from '../../../renderer/view/view-context.ts';
import { DEFAULT_LIMITS, type GroupParticle, type Op } from '../../../shared/index.ts';

/** One item of the list every contestant shows: an id and its text. */
export interface Item {
  id: string;
  text: string;
}

/** The edits of case 5, expressed once; each contestant maps them onto its own mechanism. */
export type Edit =
  | { kind: 'token'; id: string; text: string }
  | { kind: 'insert'; item: Item; before: string }
  | { kind: 'remove'; id: string }
  | { kind: 'swap'; a: string; aNext: string; b: string; bNext: string }
  | { kind: 'replace'; item: Item };

/** A view of the list that can apply an edit. */
export interface Contestant {
  root: HTMLElement;
  apply(edit: Edit): void;
}

const CONTEXT: ViewContext = {
  emit: () => undefined,
  policy: { linkHref: () => undefined, mediaSrc: () => undefined },
};

const itemParticle = (text: string): GroupParticle => ({ group: [['t', { text }]] });

/**
 * suip's own renderer path without the sandbox: the real transaction code (one immer produce per
 * batch) and the real `<suip-tree>` receiving the new merged root.
 */
export function suipContestant(items: readonly Item[]): Contestant {
  const root = document.createElement('div');
  const view = document.createElement('suip-tree') as SuipTree;
  view.context = CONTEXT;
  root.append(view);
  let merged: MergedTree = mountGenerator(createMergedTree(), 'g');
  // One flat list of up to 5,000 items (+ inserts) is the stress case; the default maxChildren is 10,000.
  const limits = { ...DEFAULT_LIMITS, maxChildren: 50_000, maxNodes: 50_000 };
  const transact = (ops: Op[]): void => {
    const result = applyGeneratorTransaction(merged, 'g', ops, { limits });
    if (!result.ok) throw new Error(`transaction rejected: ${result.error.message}`);
    merged = result.tree;
    view.root = merged;
  };
  transact([
    {
      method: 'suip/ops/append',
      params: { path: [], id: 'list', particle: { group: items.map((it) => [it.id, itemParticle(it.text)]) } },
    },
  ]);
  return {
    root,
    apply(edit) {
      switch (edit.kind) {
        case 'token':
          return transact([{ method: 'suip/ops/append', params: { path: ['list', edit.id, 't'], text: edit.text } }]);
        case 'insert':
          return transact([
            {
              method: 'suip/ops/insert',
              params: { path: ['list'], id: edit.item.id, particle: itemParticle(edit.item.text), before: edit.before },
            },
          ]);
        case 'remove':
          return transact([{ method: 'suip/ops/remove', params: { path: ['list', edit.id] } }]);
        case 'swap':
          return transact([
            { method: 'suip/ops/remove', params: { path: ['list', edit.a] } },
            { method: 'suip/ops/remove', params: { path: ['list', edit.b] } },
            { method: 'suip/ops/insert', params: { path: ['list'], id: edit.b, before: edit.aNext } },
            { method: 'suip/ops/insert', params: { path: ['list'], id: edit.a, before: edit.bNext } },
          ]);
        case 'replace':
          return transact([
            {
              method: 'suip/ops/replace',
              params: { path: ['list', edit.item.id], particle: itemParticle(edit.item.text) },
            },
          ]);
      }
    },
  };
}

/** The floor: the same list as plain elements, changed with the fewest DOM calls. */
export function vanillaContestant(items: readonly Item[]): Contestant {
  const root = document.createElement('div');
  const nodes = new Map<string, { el: HTMLElement; text: Text }>();
  const make = (it: Item): HTMLElement => {
    const el = document.createElement('div');
    const p = document.createElement('p');
    const text = document.createTextNode(it.text);
    p.append(text);
    el.append(p);
    nodes.set(it.id, { el, text });
    return el;
  };
  for (const it of items) root.append(make(it));
  const el = (id: string): HTMLElement => nodes.get(id)!.el;
  return {
    root,
    apply(edit) {
      switch (edit.kind) {
        case 'token':
          return nodes.get(edit.id)!.text.appendData(edit.text);
        case 'insert':
          return void root.insertBefore(make(edit.item), el(edit.before));
        case 'remove':
          el(edit.id).remove();
          return void nodes.delete(edit.id);
        case 'swap': {
          const [a, b] = [el(edit.a), el(edit.b)];
          root.insertBefore(b, el(edit.aNext));
          return void root.insertBefore(a, el(edit.bNext));
        }
        case 'replace': {
          const old = el(edit.item.id);
          return old.replaceWith(make(edit.item));
        }
      }
    },
  };
}

/** One lit-html template over the whole list, re-rendered from the model on every edit (unkeyed). */
export function wholeTemplateContestant(items: readonly Item[]): Contestant {
  const root = document.createElement('div');
  const model = items.map((it) => ({ ...it }));
  const draw = (): void => void render(html`<div>${model.map((it) => html`<div><p>${it.text}</p></div>`)}</div>`, root);
  draw();
  const at = (id: string): number => model.findIndex((it) => it.id === id);
  return {
    root,
    apply(edit) {
      switch (edit.kind) {
        case 'token':
          model[at(edit.id)]!.text += edit.text;
          break;
        case 'insert':
          model.splice(at(edit.before), 0, { ...edit.item });
          break;
        case 'remove':
          model.splice(at(edit.id), 1);
          break;
        case 'swap': {
          const [i, j] = [at(edit.a), at(edit.b)];
          [model[i], model[j]] = [model[j]!, model[i]!];
          break;
        }
        case 'replace':
          model[at(edit.item.id)] = { ...edit.item };
          break;
      }
      draw();
    },
  };
}
