import type { Particle } from '../../shared/index.ts';

const q = (s: string) => JSON.stringify(s);

/**
 * A particle written as the generator API call that builds it (`group('card', [['title', 'Hi']])`),
 * so vocabulary examples in the prompt read like the code the model writes. Plain text is a bare
 * string, handler ids become placeholder functions.
 */
export function particleCode(p: Particle): string {
  if ('group' in p) {
    const children = p.group.map(([id, child]) => `[${q(id)}, ${particleCode(child)}]`).join(', ');
    const on = p.on
      ? `, { on: { ${Object.entries(p.on)
          .map(([event, h]) => {
            const extra = Object.entries(h).filter(([k]) => k !== 'handler');
            return extra.length === 0
              ? `${event}: (e) => {…}`
              : `${event}: { handler: (e) => {…}, ${extra.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }`;
          })
          .join(', ')} } }`
      : '';
    return `group(${p.type === undefined ? 'null' : q(p.type)}, [${children}]${on})`;
  }
  // Plain text is written as a bare string: group() takes it as plain text (the shorter form).
  if ('text' in p)
    return p.mimeType === 'text/plain'
      ? q(p.text)
      : p.mimeType === undefined
        ? `text(${q(p.text)})`
        : `text(${q(p.text)}, ${q(p.mimeType)})`;
  return `data(${q(p.data.length > 60 ? `${p.data.slice(0, 40)}…` : p.data)}, ${q(p.mimeType)})`;
}
