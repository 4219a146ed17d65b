import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { policyAt } from './refusals.ts';
import type { ViewContext } from './view-context.ts';

const VIEW = fileURLToPath(new URL('.', import.meta.url));

/** Every source file of the view (tests excluded). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the view has one refusal path', () => {
  it('no element reads the URL policy directly: every href and src goes through policyAt, which reports refusals', () => {
    // A bare `context.policy)` only tests that a policy exists (suip-text, before it loads markdown).
    const direct = sources(VIEW).filter(
      (file) =>
        !file.endsWith('refusals.ts') &&
        /context\??\.policy\b(?!\))/.test(readFileSync(file, 'utf8').replace(/\/\*\*[\s\S]*?\*\//g, '')),
    );
    expect(direct.map((file) => file.slice(VIEW.length))).toEqual([]);
    expect(readFileSync(join(VIEW, 'suip-text.ts'), 'utf8')).toMatch(
      /renderMarkdown\(text, policyAt\(this\.context, this\.path\)\)/,
    );
  });

  it('a refused link or source is reported with the element path; an allowed one is not', () => {
    const refused: unknown[] = [];
    const context = {
      emit: () => undefined,
      policy: {
        linkHref: (url: string) => (url.startsWith('https:') ? url : undefined),
        mediaSrc: (url: string) => (url.startsWith('data:') ? url : undefined),
      },
      refuse: (...args: unknown[]) => void refused.push(args),
    } satisfies ViewContext;
    const policy = policyAt(context, ['g', 'card', 'link']);
    expect(policy.linkHref('https://a.example/')).toBe('https://a.example/');
    expect(policy.mediaSrc('data:image/png;base64,AA', 'image/png')).toBe('data:image/png;base64,AA');
    expect(refused).toEqual([]);
    expect(policy.linkHref('javascript:alert(1)')).toBeUndefined();
    expect(policy.mediaSrc('https://img.example/a.png', 'image/png')).toBeUndefined();
    expect(refused.map((args) => (args as unknown[]).slice(0, 2))).toEqual([
      [['g', 'card', 'link'], 'link'],
      [['g', 'card', 'link'], 'media'],
    ]);
  });
});
