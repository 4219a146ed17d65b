import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every TypeScript snippet of README.md and docs/ (fenced `ts` / `tsx`) compiles under strict
 * `tsc` against the package's public entries, as an app importing `suip`, `suip/live` … would
 * write it, so the docs cannot drift from the types (issue 30: the embedding guide's own snippet
 * failed strict mode). A snippet that is a fragment declares what it assumes in an HTML comment
 * right before its fence, hidden when the page is rendered:
 *
 *     <!-- ts-context
 *     declare const renderer: import('suip').Renderer;
 *     -->
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

interface Snippet {
  doc: string;
  line: number;
  lang: 'ts' | 'tsx';
  context: string;
  code: string;
}

/** The markdown files the check reads: the README and every page under docs/. */
function docs(): string[] {
  const pages = (readdirSync(join(root, 'docs'), { recursive: true }) as string[])
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name));
  return [join(root, 'README.md'), ...pages];
}

/** The `ts` / `tsx` fences of one markdown text, with their `ts-context` comments. */
export function extractSnippets(doc: string, text: string): Snippet[] {
  const found: Snippet[] = [];
  for (const match of text.matchAll(
    /(?:<!-- ts-context\n([\s\S]*?)-->\n)?^```(tsx?)(?:[ \t][^\n]*)?\n([\s\S]*?)^```$/gm,
  )) {
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ doc, line, lang: match[2] as 'ts' | 'tsx', context: match[1] ?? '', code: match[3]! });
  }
  return found;
}

/** `suip`, `suip/live` … → the source entry behind each export's types (`dist/lib/types/X.d.ts` → `X.ts`). */
function entryPaths(): Record<string, string[]> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types?: string }>;
  };
  const paths: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(pkg.exports)) {
    if (typeof value === 'string' || value.types === undefined) continue;
    paths[key === '.' ? 'suip' : `suip/${key.slice(2)}`] = [
      value.types.replace('./dist/lib/types/', './').replace(/\.d\.ts$/, '.ts'),
    ];
  }
  return paths;
}

/** Strict, as a new app's tsconfig is (plus the DOM and Node's types). */
const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  types: ['node'],
  skipLibCheck: true,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  baseUrl: root,
  paths: entryPaths(),
};

/** The files that are not snippets (TypeScript's libs, @types/node, the package's sources), parsed once per run. */
const parsedFiles = new Map<string, ts.SourceFile>();

/** Type-check snippets as modules beside the repository root; the diagnostics, one line each, named by doc and line. */
function check(snippets: readonly Snippet[]): string[] {
  const files = new Map(snippets.map((s, i) => [join(root, `__doc_snippet_${i}.${s.lang}`), s] as const));
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  const source = (s: Snippet) => `${s.context}\n${s.code}\nexport {};\n`;
  host.readFile = (name) => (files.has(name) ? source(files.get(name)!) : read(name));
  host.fileExists = (name) => files.has(name) || exists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError, create) => {
    if (files.has(name)) return ts.createSourceFile(name, source(files.get(name)!), version, true);
    // Parsed once for every check of this run: the lib and entry files are most of a check's time.
    let parsed = parsedFiles.get(name);
    if (parsed === undefined) {
      parsed = getSourceFile(name, version, onError, create);
      if (parsed !== undefined) parsedFiles.set(name, parsed);
    }
    return parsed;
  };
  // The sandbox runtime is a virtual module of the build; its declaration stands in for it.
  const program = ts.createProgram(
    [...files.keys(), join(root, 'generator/build/virtual-sandbox.d.ts')],
    options,
    host,
  );
  // Only the snippets are checked (the package's own sources are `npm run typecheck`'s): the checker reads the
  // entries' types lazily, where checking every file the entries reach took three times as long.
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...[...files.keys()].flatMap((name) => {
      const file = program.getSourceFile(name)!;
      return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    }),
  ];
  return diagnostics.map((d) => {
    const snippet = d.file ? files.get(d.file.fileName) : undefined;
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!snippet || !d.file || d.start === undefined)
      return `${d.file ? relative(root, d.file.fileName) : '(global)'}: TS${d.code} ${message}`;
    // Lines of the context comment come first; the fence's first line is snippet.line + 1.
    const at = d.file.getLineAndCharacterOfPosition(d.start).line - snippet.context.split('\n').length;
    return `${relative(root, snippet.doc)}:${snippet.line + 1 + at}: TS${d.code} ${message}`;
  });
}

/**
 * No time limit: the checks are one synchronous compile each (about 10 s on a quiet 2-core machine, mostly parsing
 * the ~1,100 files the entries reach), which cannot hang, and a limit could only fail a correct run on a busy machine.
 */
const compile = { timeout: 0 };

describe('TypeScript snippets in the docs', () => {
  const snippets = docs().flatMap((doc) => extractSnippets(doc, readFileSync(doc, 'utf8')));

  it(
    'every ts/tsx snippet of README.md and docs/ compiles under strict tsc against the package entries',
    () => {
      // The docs hold these (a drop would mean the extraction broke, not that all is well).
      expect(snippets.length).toBeGreaterThanOrEqual(10);

      expect(check(snippets)).toEqual([]);
    },
    compile.timeout,
  );

  it(
    'the check fails on a snippet that strict mode refuses (the issue-30 case: detail on a plain Event)',
    () => {
      const bad = extractSnippets(
        'bad.md',
        "```ts\nconst el = document.createElement('div');\nel.addEventListener('not-a-suip-event', (e) => e.detail);\nconst n: number = 'one';\n```\n",
      );
      const errors = check(bad);
      expect(errors.some((e) => e.includes("TS2339 Property 'detail' does not exist on type 'Event'"))).toBe(true);
      expect(
        errors.filter((e) => e.includes('TS2322')),
        errors.join('\n'),
      ).toEqual([expect.stringMatching(/^bad.md:4: TS2322/)]);
    },
    compile.timeout,
  );
});
