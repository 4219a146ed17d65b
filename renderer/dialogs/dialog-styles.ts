/** The host dialog's look, from the theme tokens (host-owned: no generator can restyle it). */
export const DIALOG_CSS = `
  dialog { font: 15px/1.45 var(--suip-font, system-ui, sans-serif); color: var(--suip-color-fg, #1b1f24); background: var(--suip-color-bg, #fff);
    border: 1px solid var(--suip-color-border, #8c959f); border-radius: var(--suip-radius, 8px); padding: 20px; max-width: min(480px, 92vw); box-shadow: 0 12px 40px rgb(0 0 0 / .25); }
  dialog::backdrop { background: rgb(0 0 0 / .35); }
  dialog.from-program { border-top: 6px solid var(--suip-provenance-color, #6e40c9); padding-top: 0; }
  .origin { display: flex; align-items: center; gap: 8px; margin: 0 -20px 6px; padding: 8px 20px; background: var(--suip-provenance-color, #6e40c9); color: var(--suip-provenance-on-color, #fff); font-size: 14px; }
  .origin .badge { font-size: 11px; font-weight: 700; letter-spacing: .04em; text-transform: uppercase; border: 1px solid currentColor; border-radius: 4px; padding: 1px 6px; }
  .origin .name { font-weight: 700; overflow-wrap: anywhere; }
  .not-host { font-size: 12px; color: var(--suip-color-muted, #57606a); margin: 0 0 12px; }
  h2 { font-size: 17px; margin: 0 0 8px; }
  p { margin: 0 0 12px; white-space: pre-wrap; }
  input, textarea { box-sizing: border-box; width: 100%; font: inherit; padding: 6px 8px; border: 1px solid var(--suip-color-border, #8c959f); border-radius: 6px; background: var(--suip-color-surface, #f6f8fa); color: inherit; }
  fieldset { border: 0; padding: 0; margin: 0 0 12px; display: grid; gap: 6px; }
  label.item { display: flex; gap: 8px; align-items: baseline; }
  .hint { color: var(--suip-color-muted, #57606a); font-size: 13px; }
  .actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 16px; }
  button { font: inherit; padding: 6px 14px; border-radius: 6px; border: 1px solid var(--suip-color-border, #8c959f); background: var(--suip-color-surface, #f6f8fa); color: inherit; cursor: pointer; }
  button.primary { background: var(--suip-color-accent-strong, #0a58ca); color: var(--suip-color-on-accent, #fff); border-color: transparent; }
  button.danger { background: var(--suip-color-danger, #b42318); color: #fff; border-color: transparent; }
  :focus-visible { outline: 2px solid var(--suip-color-accent, #0a58ca); outline-offset: 2px; }
`;
