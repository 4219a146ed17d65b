import { css, unsafeCSS } from 'lit';

/**
 * The theme tokens a host may set (on `<suip-tree>` or any ancestor) to restyle the renderer.
 * Each has a light and a dark default; the dark one applies under `prefers-color-scheme: dark`
 * or `<suip-tree theme="dark">`. docs/vocabulary.md lists them (generated from this table).
 */
export const THEME_TOKENS: readonly { name: string; light: string; dark: string; description: string }[] = [
  { name: '--suip-color-bg', light: '#ffffff', dark: '#0d1117', description: 'Page background behind the tree.' },
  { name: '--suip-color-fg', light: '#1b1f24', dark: '#e6edf3', description: 'Body text.' },
  { name: '--suip-color-muted', light: '#57606a', dark: '#9198a1', description: 'Secondary text (hints, captions, dates).' },
  { name: '--suip-color-surface', light: '#f6f8fa', dark: '#161b22', description: 'Cards, sections, inputs.' },
  { name: '--suip-color-border', light: '#8c959f', dark: '#6e7681', description: 'Borders of cards and controls.' },
  { name: '--suip-color-accent', light: '#0a58ca', dark: '#58a6ff', description: 'Links, focus ring, selected tab, chart series 1.' },
  { name: '--suip-color-on-accent', light: '#ffffff', dark: '#0d1117', description: 'Text on accent-coloured buttons.' },
  { name: '--suip-color-accent-strong', light: '#0a58ca', dark: '#58a6ff', description: 'Primary button background.' },
  { name: '--suip-color-danger', light: '#b42318', dark: '#ff7b72', description: 'Errors, danger buttons.' },
  { name: '--suip-color-info', light: '#0a58ca', dark: '#58a6ff', description: 'Info tone (borders, dots).' },
  { name: '--suip-color-success', light: '#1a7f37', dark: '#3fb950', description: 'Success tone.' },
  { name: '--suip-color-warning', light: '#9a6700', dark: '#d29922', description: 'Warning tone.' },
  { name: '--suip-color-series-2', light: '#b35900', dark: '#f0883e', description: 'Chart series 2.' },
  { name: '--suip-color-series-3', light: '#8250df', dark: '#bc8cff', description: 'Chart series 3.' },
  { name: '--suip-color-series-4', light: '#1a7f37', dark: '#3fb950', description: 'Chart series 4.' },
  { name: '--suip-radius', light: '8px', dark: '8px', description: 'Corner radius of cards and controls.' },
  { name: '--suip-space', light: '12px', dark: '12px', description: 'Base spacing unit (gaps, padding).' },
  { name: '--suip-font', light: 'system-ui, sans-serif', dark: 'system-ui, sans-serif', description: 'Font family.' },
  { name: '--suip-font-mono', light: 'ui-monospace, monospace', dark: 'ui-monospace, monospace', description: 'Code font family.' },
];

const internal = (name: string) => `--_${name.slice('--suip-'.length)}`;
const declarations = (mode: 'light' | 'dark') => THEME_TOKENS.map((t) => `${internal(t.name)}: var(${t.name}, ${t[mode]});`).join('\n');

/**
 * Resolves every public token into a private `--_x` variable on `<suip-tree>`; all elements below
 * use only the private ones, so a host token wins and the defaults follow the colour scheme.
 * Built from the constant table above, never from sandbox data.
 */
export const themeRoot = css`
  :host {
    ${unsafeCSS(declarations('light'))}
    color-scheme: light;
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
