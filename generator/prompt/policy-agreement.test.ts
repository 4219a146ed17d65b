import { describe, expect, it } from 'vitest';
import { effectivePolicy, urlPolicyFor, type HostPolicy } from '../../core/policy/host-policy.ts';
import { BUILTIN_VOCABULARY } from '../../core/vocabulary/registry.ts';
import { runProgram, type HarnessHost } from './program-harness.ts';
import { POLICY_RULES } from './policy-text.ts';
import { systemPrompt } from './system-prompt.ts';

/**
 * Issue 29: the prompt and the host agree. For three hosts, every thing the prompt offers is
 * accepted by the real checks (validator, host-policy check, URL policy, data plane), and every
 * thing those checks refuse is absent from the prompt. The prompt is read back the way a model
 * reads it (its "This host" sentences and vocabulary lines), not compared with a copy of itself.
 */

interface Host {
  name: string;
  policy: HostPolicy;
  inputs?: readonly string[];
  outputs: readonly string[];
}

const HOSTS: Host[] = [
  { name: 'the default host', policy: {}, outputs: [] },
  {
    name: 'a permissive host',
    policy: {
      credentialInputs: true,
      pageModals: true,
      mediaOrigins: 'https',
      linkSchemes: ['http:', 'https:', 'mailto:', 'tel:'],
    },
    inputs: ['props', 'feed'],
    outputs: ['action', 'result'],
  },
  {
    name: 'a custom host',
    policy: { credentialInputs: true, mediaOrigins: ['https://img.example'], linkSchemes: ['https:'] },
    inputs: [],
    outputs: ['action'],
  },
];

const promptFor = (host: Host) =>
  systemPrompt(BUILTIN_VOCABULARY, {
    policy: effectivePolicy(host.policy),
    ...(host.inputs !== undefined ? { inputs: host.inputs } : {}),
    outputs: host.outputs,
  });
const harness = (host: Host, extra: HarnessHost = {}): HarnessHost => ({
  policy: host.policy,
  ...(host.inputs !== undefined ? { inputs: host.inputs } : {}),
  outputs: host.outputs,
  ...extra,
});
const P = 'const { group, render, data } = suip;\n';

/** The sentence of the "This host" list that starts with `start`. */
function sentence(prompt: string, start: string): string {
  const line = prompt.split('\n').find((l) => l.startsWith(`- ${start}`));
  if (line === undefined) throw new Error(`the prompt has no "${start}" sentence`);
  return line;
}

/** The link schemes the prompt offers. */
const offeredSchemes = (prompt: string) => /: (.*?) only[.;]/.exec(sentence(prompt, 'Links'))![1]!.split(', ');

/** Whether the prompt offers `url` as media. */
function offersMedia(prompt: string, url: string): boolean {
  const said = sentence(prompt, 'Media');
  if (url.startsWith('data:')) return /data: URI/.test(said);
  if (/data: URIs only/.test(said)) return false;
  if (/an https URL/.test(said)) return url.startsWith('https://');
  const origins = /https URLs from (.*), or data: URIs/.exec(said)![1]!.split(', ');
  return origins.includes(new URL(url).origin);
}

/** The input channels the prompt offers (undefined: any the task names). */
function offeredInputs(prompt: string): string[] | undefined {
  const said = prompt.split('\n').find((l) => /^- (Input|The host sends you no input)/.test(l))!;
  if (/sends you no input/.test(said)) return [];
  const listed = /Input channels: (.*); `suip\.onInput/.exec(said);
  return listed ? (JSON.parse(`[${listed[1]}]`) as string[]) : undefined;
}

/** The output channels the prompt offers. */
function offeredOutputs(prompt: string): string[] {
  const said = prompt.split('\n').find((l) => /^- (Output channels|No output channels)/.test(l))!;
  const listed = /Output channels: (.*), via/.exec(said);
  return listed ? (JSON.parse(`[${listed[1]}]`) as string[]) : [];
}

describe('the policy table', () => {
  it('has one entry per fact the prompt states (a new policy field without one is a type error)', () => {
    expect(Object.keys(POLICY_RULES).sort()).toEqual(
      [...Object.keys(effectivePolicy({})), 'inputs', 'outputs', 'dialogs'].sort(),
    );
  });
});

for (const host of HOSTS) {
  describe(`prompt and policy agree: ${host.name}`, () => {
    const prompt = promptFor(host);

    it(`is at most 19,000 characters (${prompt.length})`, () => expect(prompt.length).toBeLessThanOrEqual(19_000));

    it('offers a password field exactly when the host accepts one', async () => {
      const run = await runProgram(
        `${P}render(group('text-field', [['label', 'Password'], ['kind', 'password']]));`,
        harness(host),
      );
      expect(run.errors.length === 0).toBe(/password/i.test(prompt.replace(/No password or credential fields/, '')));
    });

    it('states the modal re-open rule the host enforces', async () => {
      const run = await runProgram(
        `${P}render(group('modal', [['title', 'Again?']], { on: { click: () => {} } }));`,
        harness(host, { modalDismissed: true }),
      );
      expect(run.errors.join('\n')).toMatch(/may not open another/);
      expect(sentence(prompt, 'Once the user dismisses your modal')).toMatch(
        /you may open no other modal: it is refused/,
      );
    });

    it('offers the link schemes the URL policy accepts, and no other', () => {
      const urls = {
        'http:': 'http://a.example/',
        'https:': 'https://a.example/',
        'mailto:': 'mailto:a@a.example',
        'tel:': 'tel:+4712345678',
        'ftp:': 'ftp://a.example/',
      };
      const policy = urlPolicyFor(host.policy);
      const offered = offeredSchemes(prompt);
      for (const [scheme, url] of Object.entries(urls))
        expect(policy.linkHref(url) !== undefined, `${scheme} on ${host.name}`).toBe(
          offered.includes(scheme.replace(':', '')),
        );
    });

    it('offers the media sources the URL policy accepts, and no other', () => {
      const policy = urlPolicyFor(host.policy);
      for (const url of [
        'data:image/png;base64,iVBORw0KGgo=',
        'https://img.example/a.png',
        'https://cdn.other.example/a.png',
      ]) {
        expect(policy.mediaSrc(url, 'image/png') !== undefined, `${url} on ${host.name}`).toBe(
          offersMedia(prompt, url),
        );
      }
    });

    it('offers the input and output channels the host announces, and a program listening or sending elsewhere is told so', async () => {
      const inputs = offeredInputs(prompt);
      expect(inputs).toEqual(host.inputs === undefined ? undefined : [...host.inputs]);
      for (const channel of ['props', 'feed', 'weather']) {
        const run = await runProgram(
          `${P}suip.onInput(${JSON.stringify(channel)}, () => {});\nrender(group(null, [['x', 'ok']]));`,
          harness(host),
        );
        expect(run.errors.length === 0, `onInput ${channel}`).toBe(inputs === undefined || inputs.includes(channel));
        if (run.errors.length > 0)
          expect(run.errors.join('\n')).toContain(
            `onInput("${channel}", …): the host never sends input on this channel`,
          );
      }
      const outputs = offeredOutputs(prompt);
      expect(outputs).toEqual([...host.outputs]);
      for (const channel of ['action', 'result', 'weather']) {
        const run = await runProgram(
          `${P}suip.output(${JSON.stringify(channel)}, 1);\nrender(group(null, [['x', 'ok']]));`,
          harness(host),
        );
        expect(run.errors.length === 0, `output ${channel}`).toBe(outputs.includes(channel));
      }
    });

    it('a program using everything the prompt offers passes every check', async () => {
      const kinds = /kind\? \[([^\]]+)\]: default text/.exec(prompt)![1]!.split('|');
      const scheme = offeredSchemes(prompt)[0]!;
      const inputs = offeredInputs(prompt) ?? ['anything'];
      const code = `${P}
${inputs.map((c) => `suip.onInput(${JSON.stringify(c)}, () => {});`).join('\n')}
${offeredOutputs(prompt)
  .map((c) => `suip.output(${JSON.stringify(c)}, { ok: true });`)
  .join('\n')}
let open = true;
const view = () => group(null, [
  ['form', group('form', [${kinds.map((k) => `['f-${k}', group('text-field', [['label', '${k}'], ['kind', '${k}']])]`).join(', ')}], { on: { submit: { handler: () => {}, data: 'formData' } } })],
  ['cal', group('grid', [['columns', '7'], ...Array.from({ length: 31 }, (_, i) => ['d' + (i + 1), String(i + 1)])])],
  ['on', group('toggle', [['label', 'On']], { on: { change: { handler: () => {}, data: 'checked' } } })],
  ['link', group('link-card', [['url', data('${scheme === 'mailto' ? 'mailto:a@a.example' : scheme === 'tel' ? 'tel:+4712345678' : `${scheme}://a.example/`}', 'text/html')], ['title', 'A link']])],
  ['pic', group('image', [['src', data('data:image/png;base64,iVBORw0KGgo=', 'image/png')], ['alt', 'A dot']])],
  ...(open ? [['m', group('modal', [['title', 'Hello']], { on: { click: () => { open = false; render(view()); } } })]] : []),
]);
render(view());`;
      const run = await runProgram(code, harness(host));
      expect(run.errors).toEqual([]);
      expect(run.rendered).toBe(true);
      await run.click(['m']);
      expect(run.errors).toEqual([]);
      expect(JSON.stringify(run.root)).not.toContain('"modal"');
      expect(kinds.includes('password')).toBe(host.policy.credentialInputs === true);
    });
  });
}
