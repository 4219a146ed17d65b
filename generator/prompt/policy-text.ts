import type { EffectivePolicy } from '../../shared/effective-policy.ts';
import type { VocabularyEntry } from '../../shared/handshake.ts';

/** What the prompt states about the host: its effective policy, its data channels and whether it offers dialogs. */
export interface PromptFacts extends EffectivePolicy {
  /** Channels the host sends input on; undefined when it did not declare them. */
  inputs: readonly string[] | undefined;
  /** Channels the host accepts output on. */
  outputs: readonly string[];
  /** The host answers suip.confirm / prompt / pick. */
  dialogs: boolean;
}

/** How one fact reaches the prompt: its sentence, and what it takes out of the vocabulary text. */
interface PolicyRule<K extends keyof PromptFacts> {
  /** The sentence for the "This host" list (undefined: nothing to say). */
  say(value: PromptFacts[K], facts: PromptFacts): string | undefined;
  /** Remove from the vocabulary what this value refuses, so the prompt never offers it. */
  vocabulary?(entries: readonly VocabularyEntry[], value: PromptFacts[K]): VocabularyEntry[];
}

const quoted = (names: readonly string[]) => names.map((name) => JSON.stringify(name)).join(', ');

/**
 * The one table from policy to prompt: every field of `PromptFacts` has exactly one entry (the
 * mapped type makes a new policy field a compile error until it is described here), and the
 * system prompt says what the entry says, in this order.
 */
export const POLICY_RULES: { [K in keyof PromptFacts]-?: PolicyRule<K> } = {
  credentialInputs: {
    say: (on) => (on ? 'Password fields (text-field kind "password") are allowed.' : 'No password or credential fields: leave sign-in to the host.'),
    vocabulary: (entries, on) => (on ? [...entries] : entries.map(withoutPassword)),
  },
  pageModals: {
    say: (on) => (on ? 'A modal covers the whole page only right after a user action in your UI; otherwise it stays in your area.' : "A modal is drawn inside your program's own area."),
  },
  modalReopen: {
    say: (allowed, facts) =>
      allowed
        ? undefined
        : `Once the user dismisses your modal (Escape or Close fire its on.click), you may open no other modal: it is refused. Use a modal at most once; for yes/no ${facts.dialogs ? 'use `await suip.confirm(title)` in a click handler' : 'use buttons in your UI'}.`,
  },
  linkSchemes: {
    say: (schemes) => `Links (link-card url, markdown links): ${schemes.map((s) => s.replace(/:$/, '')).join(', ')} only.`,
  },
  mediaOrigins: {
    say: (origins) =>
      origins === 'https'
        ? 'Media (image, audio, video, avatar src): an https URL or a data: URI.'
        : origins.length === 0
          ? 'Media (image, audio, video, avatar src): data: URIs only, e.g. `data("data:image/png;base64,…", "image/png")`; remote URLs are refused.'
          : `Media (image, audio, video, avatar src): https URLs from ${origins.join(', ')}, or data: URIs; other URLs are refused.`,
  },
  inputs: {
    say: (inputs) =>
      inputs === undefined
        ? 'Input from the host: `suip.onInput(channel, fn)` on a channel your task names.'
        : inputs.length === 0
          ? 'The host sends you no input (suip.onInput is refused): write the data into the program.'
          : `Input channels: ${quoted(inputs)}; \`suip.onInput(channel, fn)\` on any other is refused.`,
  },
  outputs: {
    say: (outputs) => (outputs.length === 0 ? 'No output channels: suip.output is refused.' : `Output channels: ${quoted(outputs)}, via \`suip.output(channel, value)\`.`),
  },
  dialogs: {
    say: (on) =>
      on
        ? 'Host dialogs: `await suip.confirm(title)` → true/false, `suip.prompt(title)` → text or null, `suip.pick(title, [{id, label}])` → ids; each only inside a handler of a user action, never at start or in a timer.'
        : 'No host dialogs (suip.confirm/prompt/pick fail): ask in your own UI.',
  },
};

/** The order of the sentences (the table's own order). */
const ORDER = Object.keys(POLICY_RULES) as Array<keyof PromptFacts>;

/** The "This host" sentences for `facts`, one per fact that has something to say. */
export function policySentences(facts: PromptFacts): string[] {
  const sentences: string[] = [];
  for (const key of ORDER) {
    const rule = POLICY_RULES[key] as PolicyRule<typeof key>;
    const sentence = rule.say(facts[key] as never, facts);
    if (sentence !== undefined) sentences.push(sentence);
  }
  return sentences;
}

/** The vocabulary as this host's policy lets programs use it. */
export function policyVocabulary(entries: readonly VocabularyEntry[], facts: PromptFacts): VocabularyEntry[] {
  let result = [...entries];
  for (const key of ORDER) {
    const rule = POLICY_RULES[key] as PolicyRule<typeof key>;
    if (rule.vocabulary) result = rule.vocabulary(result, facts[key] as never);
  }
  return result;
}

/** A text-field whose `kind` no longer offers "password" (values and words alike). */
function withoutPassword(entry: VocabularyEntry): VocabularyEntry {
  if (!entry.roles.some((role) => role.values?.includes('password'))) return entry;
  return {
    ...entry,
    roles: entry.roles.map((role) =>
      role.values?.includes('password') ? { ...role, values: role.values.filter((v) => v !== 'password'), description: role.description.replace(/,?\s*\bpassword\b,?/, (m) => (m.startsWith(',') && m.endsWith(',') ? ',' : '')) } : role,
    ),
  };
}
