/** The notice's look, from the theme tokens; host-owned like the dialogs. */
const NOTICE_CSS = `
  :host { display: block; }
  :host([hidden]) { display: none; }
  ul { list-style: none; margin: 8px 0 0; padding: 0; display: grid; gap: 6px; font: 13px/1.4 var(--suip-font, system-ui, sans-serif); }
  li { display: flex; align-items: center; gap: 10px; padding: 6px 10px; border-radius: var(--suip-radius, 8px); border: 1px solid var(--suip-color-border, #8c959f);
    border-inline-start: 4px solid var(--suip-provenance-color, #6e40c9); background: var(--suip-color-surface, #f6f8fa); color: var(--suip-color-fg, #1b1f24); }
  span { flex: 1; }
  button { font: inherit; padding: 2px 10px; border-radius: 6px; border: 1px solid var(--suip-color-border, #8c959f); background: var(--suip-color-bg, #fff); color: inherit; cursor: pointer; }
  :focus-visible { outline: 2px solid var(--suip-color-accent, #0a58ca); outline-offset: 2px; }
`;

/** A blocked program as the notice shows it. */
export interface BlockedProgram {
  id: string;
  name: string;
}

/** The visible record of blocked dialogs, drawn by the host under the renderer. */
export interface BlockNotice {
  /** Show exactly these blocked programs (none: the notice is hidden). */
  show(programs: readonly BlockedProgram[]): void;
  destroy(): void;
}

/**
 * A line per program whose dialogs the user blocked ("Dialogs from “name” are blocked" and an
 * "Allow again" button), under the renderer in its own shadow root: a block is never silent, and
 * the user can undo it without the host's help. Texts are set as textContent.
 */
export function createBlockNotice(parent: Element, onAllow: (id: string) => void): BlockNotice {
  const host = document.createElement('div');
  host.setAttribute('data-suip-dialog-blocks', '');
  host.hidden = true;
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = NOTICE_CSS;
  const list = document.createElement('ul');
  list.setAttribute('role', 'status');
  list.setAttribute('aria-label', 'Blocked dialogs');
  root.append(style, list);
  return {
    show(programs) {
      list.replaceChildren(
        ...programs.map(({ id, name }) => {
          const item = document.createElement('li');
          const text = document.createElement('span');
          text.textContent = `Dialogs from “${name}” are blocked.`;
          const allow = document.createElement('button');
          allow.type = 'button';
          allow.textContent = 'Allow again';
          allow.setAttribute('aria-label', `Allow dialogs from “${name}” again`);
          allow.addEventListener('click', () => onAllow(id));
          item.append(text, allow);
          return item;
        }),
      );
      host.hidden = programs.length === 0;
      if (programs.length > 0 && !host.isConnected) parent.append(host);
    },
    destroy() {
      host.remove();
    },
  };
}
