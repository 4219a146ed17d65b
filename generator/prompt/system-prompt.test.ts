import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EFFECTIVE_POLICY,
  DEFAULT_LIMITS,
  validateParticle,
  type Particle,
  type VocabularyEntry,
} from '../../shared/index.ts';
import { data, group, text } from '../runtime/builders.ts';
import { particleCode } from './particle-code.ts';
import { systemPrompt, systemPromptFor } from './system-prompt.ts';

const vocabulary: VocabularyEntry[] = [
  {
    type: 'card',
    category: 'layout',
    description: 'A block of content.',
    roles: [
      { id: 'title', kind: 'text', description: 'Heading.' },
      { id: '*', kind: 'any', description: 'Content.' },
    ],
    events: [],
    example: {
      type: 'card',
      group: [
        ['title', { text: 'Hi', mimeType: 'text/plain' }],
        ['body', { text: 'x' }],
      ],
    },
  },
  {
    type: 'switch',
    category: 'input',
    description: 'A switch.',
    roles: [{ id: 'label', kind: 'text', required: true, description: 'Label.' }],
    events: ['change'],
    example: {
      type: 'switch',
      group: [['label', { text: 'On', mimeType: 'text/plain' }]],
      on: { change: { handler: 'h1', data: 'checked' } },
    },
  },
  {
    type: 'form',
    category: 'input',
    description: 'A form.',
    roles: [{ id: 'submit', kind: 'text', required: true, description: 'Button label.' }],
    events: ['submit'],
    example: {
      type: 'form',
      group: [
        ['submit', { text: 'Go' }],
        ['pic', { data: 'https://img.example/a.png', mimeType: 'image/png' }],
      ],
      on: { submit: { handler: 'h1', preventDefault: true, data: 'formData' } },
    },
  },
];

/** Run generator code against the real builders and a recording render(). */
function run(code: string): Particle[] {
  const rendered: Particle[] = [];
  const strip = (p: unknown): Particle =>
    JSON.parse(JSON.stringify(p, (_k, v: unknown) => (typeof v === 'function' ? 'h' : v))) as Particle;
  const suip = {
    text,
    data,
    group,
    render: (tree: unknown) => (rendered.push(strip(tree)), Promise.resolve()),
    onError: () => () => {},
  };
  new Function('suip', code)(suip);
  return rendered;
}

describe('systemPrompt', () => {
  const prompt = systemPrompt(vocabulary, { hostContext: { theme: 'dark', locale: 'fr-FR' } });

  it('documents the suip API, events, errors and the host context', () => {
    for (const word of [
      'text(str, mimeType?)',
      'data(url, mimeType)',
      'group(type, children, options?)',
      'render(tree)',
      'onError(fn)',
      'preventDefault',
      'formData',
      'keys: ["Enter"]',
      'theme dark, locale fr-FR',
      'setTimeout',
      'fetch',
      'suip.onInput',
      'dropdown/select/radio → choice',
      '## This host',
    ]) {
      expect(prompt).toContain(word);
    }
  });
  it('says in one line that a plain string is shown exactly as written (issue 47: three of ten programs wrote "**Total**")', () => {
    expect(prompt.split('\n').filter((line) => /plain string is shown exactly as written/.test(line))).toHaveLength(1);
  });

  it('lists every vocabulary type with its roles and events, and the examples that teach a handler as code', () => {
    expect(prompt).toContain('- **card** — A block of content.');
    expect(prompt).toContain('title?: Heading');
    expect(prompt).toContain('*? any: Content');
    expect(prompt).toContain('submit: Button label');
    expect(prompt).toContain('events: submit');
    expect(prompt).toContain(
      'example: `group("switch", [["label", "On"]], { on: { change: { handler: (e) => {…}, data: "checked" } } })`',
    );
    // An example that only repeats the roles line is left out.
    expect(prompt).not.toContain('example: `group("card"');
    // Plain text is a bare string: the prompt no longer repeats "text/plain".
    expect(prompt).not.toContain('text/plain');
  });
  it('has a worked example that runs against the real builders and renders a valid tree', () => {
    const code = /## Example\n```js\n([\s\S]*?)```/.exec(prompt)![1]!;
    const [tree] = run(code);
    expect(validateParticle(tree, { limits: DEFAULT_LIMITS, depth: 1, nodeBudget: 1000, where: 'tree' }).ok).toBe(true);
  });
});

describe('systemPrompt and the host', () => {
  it('says each policy fact once, from the table: a strict host and a generous one differ only where their policies do', () => {
    const strict = systemPrompt(vocabulary);
    const generous = systemPrompt(vocabulary, {
      policy: { credentialInputs: true, pageModals: true, mediaOrigins: 'https' },
      inputs: ['props'],
      outputs: ['action'],
      dialogs: false,
    });
    expect(strict).toContain('No password or credential fields');
    expect(generous).toContain('Password fields (text-field kind "password") are allowed.');
    expect(strict).toContain('data: URIs only');
    expect(generous).toContain('an https URL or a data: URI');
    expect(strict).toContain('No output channels');
    expect(generous).toContain('Output channels: "action"');
    expect(generous).toContain('Input channels: "props"');
    expect(strict).toContain('`await suip.confirm(title)`');
    expect(generous).not.toContain('suip.confirm(title)');
    expect(generous).toContain('No host dialogs');
  });
  it('systemPromptFor reads all of it from an initialize result', () => {
    const fromResult = systemPromptFor({
      protocolVersion: '1.1',
      renderer: { name: 'r', version: '0' },
      vocabulary,
      limits: DEFAULT_LIMITS,
      hostContext: { theme: 'dark', locale: 'fr-FR' },
      capabilities: { dialogs: true },
      outputs: ['action'],
      inputs: ['props'],
      policy: { ...DEFAULT_EFFECTIVE_POLICY, credentialInputs: true },
    });
    expect(fromResult).toBe(
      systemPrompt(vocabulary, {
        hostContext: { theme: 'dark', locale: 'fr-FR' },
        outputs: ['action'],
        inputs: ['props'],
        policy: { credentialInputs: true },
      }),
    );
  });
});

describe('particleCode', () => {
  it('writes examples as runnable generator code that rebuilds the same particle', () => {
    for (const entry of vocabulary) {
      const [built] = run(
        `suip.render(${particleCode(entry.example).replaceAll('(e) => {…}', '(e) => {}')});`.replace(
          /^/,
          'const { text, data, group } = suip; ',
        ),
      );
      const expected = JSON.parse(
        JSON.stringify(entry.example).replaceAll('"handler":"h1"', '"handler":"h"'),
      ) as Particle;
      expect(JSON.parse(JSON.stringify(built).replace(/"handler":"[^"]*"/g, '"handler":"h"'))).toEqual(expected);
    }
  });
});
