import { parseArgs } from 'node:util';
import { effectivePolicy, type HostPolicy } from '../../core/policy/host-policy.ts';
import { BUILTIN_VOCABULARY } from '../../core/vocabulary/registry.ts';
import { systemPrompt } from './system-prompt.ts';

/**
 * Print the system prompt a host with the given policy and channels would give a model, with its
 * size, so a "blind" writer can be handed exactly that text:
 *
 *   node --import tsx generator/prompt/print-prompt.ts [--policy '{"credentialInputs":true}'] [--inputs a,b] [--outputs
 *   action] [--no-dialogs]
 *
 * The policy is a `HostPolicy` (core/policy/host-policy.ts) resolved as the renderer resolves
 * it; the vocabulary is the built-in one. The size goes to stderr, the prompt to stdout.
 */
const { values } = parseArgs({
  options: {
    policy: { type: 'string' },
    inputs: { type: 'string' },
    outputs: { type: 'string' },
    'no-dialogs': { type: 'boolean' },
  },
});
let policy: HostPolicy = {};
try {
  policy = values.policy === undefined ? {} : (JSON.parse(values.policy) as HostPolicy);
} catch (error) {
  process.stderr.write(
    `--policy must be JSON, e.g. ` +
      `'{"credentialInputs":true}': ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(2);
}
const list = (text: string | undefined) =>
  text === undefined ? undefined : text.split(',').filter((name) => name.length > 0);
const inputs = list(values.inputs);
const prompt = systemPrompt(BUILTIN_VOCABULARY, {
  policy: effectivePolicy(policy),
  ...(inputs !== undefined ? { inputs } : {}),
  outputs: list(values.outputs) ?? [],
  dialogs: values['no-dialogs'] !== true,
});
process.stdout.write(prompt);
process.stderr.write(`${prompt.length} characters\n`);
