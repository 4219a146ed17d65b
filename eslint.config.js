import tseslint from 'typescript-eslint';

/** Import boundaries: the wire (shared/) imports neither side, and the two sides never import each other. */
const boundary = (forbidden) => ({
  'no-restricted-imports': ['error', { patterns: forbidden.map((dir) => ({ group: [`**/${dir}/**`, `**/${dir}`], message: `this layer must not import ${dir}/` })) }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results.json'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-prototype-builtins': 'error',
    },
  },
  // Type-aware rules where a mistake is a real bug: a promise nobody awaits or handles, awaiting a
  // non-promise, a promise where a callback's return is ignored.
  {
    files: ['shared/**/*.ts', 'generator/**/*.ts', 'renderer/**/*.ts', 'playground/**/*.ts', 'server/**/*.ts', 'adapters/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  { files: ['shared/**/*.ts'], rules: boundary(['generator', 'renderer', 'adapters', 'server']) },
  // A neighbour's wire tests may take that neighbour's sample documents (tests only).
  { files: ['shared/neighbours/**/*.test.ts'], rules: boundary(['generator', 'renderer', 'server']) },
  // Adapters translate neighbours into particles in the browser (and headless in Node); they never reach into the server.
  { files: ['adapters/**/*.ts'], ignores: ['**/*.test.ts'], rules: boundary(['server']) },
  { files: ['generator/**/*.ts'], rules: boundary(['renderer']) },
  { files: ['renderer/**/*.ts'], rules: boundary(['generator']) },
  // Headless: what servers and adapters import runs in Node, so it never reaches the DOM side.
  {
    files: ['renderer/headless.ts', 'renderer/tree/**/*.ts', 'renderer/vocabulary/**/*.ts', 'server/**/*.ts', 'adapters/kit/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: boundary(['generator/relay', 'renderer/view', 'renderer/frame', 'lit', 'renderer/renderer.ts']),
  },
  // The package build assembles both sides, like vite.config.ts.
  { files: ['generator/build/build-package.ts'], rules: boundary([]) },
  // The prompt printer resolves a HostPolicy as the renderer does and prints the prompt a model gets (a dev script).
  { files: ['generator/prompt/print-prompt.ts'], rules: boundary([]) },
  // The playground is a host like any other: it imports the public entries only.
  {
    files: ['playground/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(\\.\\./)?(renderer|generator)/(?!index\\.ts$|headless\\.ts$|kit\\.ts$|model/|testing/fixture\\.ts$)', message: 'the playground imports renderer/index.ts, renderer/headless.ts, generator/kit.ts (and generator/model), and the fixture format of suip/testing, only' }] }],
    },
  },
  // The host page runs trusted in-page generators (adapters) with the same runtime a sandbox uses.
  { files: ['renderer/remote.ts'], rules: boundary([]) },
  // The diff's round-trip tests check the generator's ops against the renderer's real applier (tests only).
  { files: ['generator/diff/**/*.test.ts'], rules: boundary([]) },
  // The session pair (its fixture in generator/runtime/testing/) and in-page lane tests run the real generator runtime against the real renderer session (tests only).
  { files: ['generator/runtime/testing/session-pair.ts', 'generator/runtime/session-pair.test.ts', 'generator/runtime/in-page-lane.test.ts', 'generator/runtime/protocol-1-1.test.ts', 'generator/prompt/learnability.test.ts', 'generator/prompt/new-type.test.ts', 'generator/prompt/policy-agreement.test.ts', 'generator/prompt/program-harness.ts'], rules: boundary([]) },
);
