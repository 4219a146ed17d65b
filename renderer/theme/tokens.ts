import { css, unsafeCSS } from 'lit';

/**
 * The theme tokens a host may set (on `<suip-tree>` or any ancestor) to restyle the renderer.
 * Each has a light and a dark default; the dark one applies under `prefers-color-scheme: dark`
 * or `<suip-tree theme="dark">`. docs/vocabulary.md lists them (generated from this table, with
 * each token's meaning from `TOKEN_DESCRIPTIONS`, which stays out of the renderer's entry).
 * Colours carry meaning only: accent = interactive/selected, the four tones = state; everything
 * else is a neutral (fg, muted, surface, subtle, border).
 */
export const THEME_TOKENS: readonly { name: string; light: string; dark: string }[] = [
  { name: '--suip-color-bg', light: '#ffffff', dark: '#0e1116' },
  { name: '--suip-color-fg', light: '#18181b', dark: '#ececef' },
  { name: '--suip-color-muted', light: '#5b5e66', dark: '#a1a4ad' },
  { name: '--suip-color-surface', light: '#ffffff', dark: '#161a21' },
  { name: '--suip-color-subtle', light: '#f4f4f6', dark: '#1f242c' },
  { name: '--suip-color-border', light: '#8a8e97', dark: '#6b717c' },
  { name: '--suip-color-border-subtle', light: '#e3e4e8', dark: '#2b313a' },
  { name: '--suip-color-accent', light: '#2f5bd3', dark: '#7ea2ff' },
  { name: '--suip-color-on-accent', light: '#ffffff', dark: '#0b1020' },
  { name: '--suip-color-accent-strong', light: '#2f5bd3', dark: '#7ea2ff' },
  { name: '--suip-color-danger', light: '#c0262d', dark: '#ff8a84' },
  { name: '--suip-color-info', light: '#2f5bd3', dark: '#7ea2ff' },
  { name: '--suip-color-success', light: '#177a3c', dark: '#4fcf7f' },
  { name: '--suip-color-warning', light: '#9a5b00', dark: '#e8b04a' },
  { name: '--suip-color-series-2', light: '#d9730d', dark: '#f0a050' },
  { name: '--suip-color-series-3', light: '#8250df', dark: '#bc8cff' },
  { name: '--suip-color-series-4', light: '#0f9488', dark: '#3fd0c0' },
  { name: '--suip-radius', light: '10px', dark: '10px' },
  { name: '--suip-space', light: '12px', dark: '12px' },
  {
    name: '--suip-font',
    light: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    dark: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  {
    name: '--suip-font-mono',
    light: 'ui-monospace, "SFMono-Regular", Menlo, monospace',
    dark: 'ui-monospace, "SFMono-Regular", Menlo, monospace',
  },
  { name: '--suip-font-size', light: '14px', dark: '14px' },
  {
    name: '--suip-shadow-1',
    light: '0 1px 2px rgb(16 24 40 / 0.06), 0 1px 3px rgb(16 24 40 / 0.08)',
    dark: '0 1px 2px rgb(0 0 0 / 0.5)',
  },
  {
    name: '--suip-shadow-2',
    light: '0 12px 32px rgb(16 24 40 / 0.18), 0 2px 6px rgb(16 24 40 / 0.08)',
    dark: '0 12px 32px rgb(0 0 0 / 0.6)',
  },
];

const internal = (name: string) => `--_${name.slice('--suip-'.length)}`;
const declarations = (mode: 'light' | 'dark') =>
  THEME_TOKENS.map((t) => `${internal(t.name)}: var(${t.name}, ${t[mode]});`).join('\n');

/**
 * Derived private variables: the spacing and type scales and tone tints, computed from the public
 * tokens so a host that sets `--suip-space` or `--suip-font-size` rescales everything at once.
 */
const DERIVED = `
  --_space-1: calc(var(--_space) / 3);
  --_space-2: calc(var(--_space) * 2 / 3);
  --_space-3: var(--_space);
  --_space-4: calc(var(--_space) * 4 / 3);
  --_space-5: calc(var(--_space) * 5 / 3);
  --_space-6: calc(var(--_space) * 2);
  --_text-xs: calc(var(--_font-size) * 0.8);
  --_text-sm: calc(var(--_font-size) * 0.9);
  --_text-md: var(--_font-size);
  --_text-lg: calc(var(--_font-size) * 1.15);
  --_text-xl: calc(var(--_font-size) * 1.4);
  --_text-2xl: calc(var(--_font-size) * 1.85);
  --_radius-sm: calc(var(--_radius) * 0.6);
  --_color-accent-tint: color-mix(in srgb, var(--_color-accent) 12%, var(--_color-bg));
`;

/**
 * Resolves every public token into a private `--_x` variable on `<suip-tree>`; all elements below
 * use only the private ones, so a host token wins and the defaults follow the colour scheme.
 * Built from the constant table above, never from sandbox data.
 */
export const themeRoot = css`
  :host {
    ${unsafeCSS(declarations('light'))}
    ${unsafeCSS(DERIVED)}
    color-scheme: light;
    font-size: var(--_font-size);
    line-height: 1.5;
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${unsafeCSS(declarations('dark'))}
      color-scheme: dark;
    }
  }
  :host([theme='dark']) {
    ${unsafeCSS(declarations('dark'))}
    color-scheme: dark;
  }
`;
