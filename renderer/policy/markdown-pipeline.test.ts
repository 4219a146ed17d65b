import { describe, expect, it } from 'vitest';
import { createUrlPolicy } from '../../core/policy/url-policy.ts';
import { renderMarkdown } from './markdown-pipeline.ts';

const policy = createUrlPolicy();

describe('renderMarkdown and URL credentials', () => {
  it('drops such links and images from rendered markdown', () => {
    const html = renderMarkdown(
      '[a](https://u:p@example.org) ![b](https://u@example.org/b.png) https://u:p@example.org/c',
      policy,
    );
    expect(html).not.toMatch(/href=|src=/);
  });
});

describe('renderMarkdown', () => {
  it('escapes raw HTML instead of rendering it', () => {
    const html = renderMarkdown('<img src=x onerror=alert(1)> <script>alert(1)</script>', policy);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img');
  });
  it('keeps safe links with rel noopener noreferrer and drops unsafe ones', () => {
    expect(renderMarkdown('[ok](https://example.org)', policy)).toContain(
      '<a href="https://example.org/" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    const bad = renderMarkdown('[x](javascript:alert(1)) <javascript:alert(1)>', policy);
    expect(bad).not.toContain('<a');
  });
  it('renders no images and no style attributes', () => {
    expect(renderMarkdown('![a](https://example.org/a.png)', policy)).not.toContain('<img');
    const table = renderMarkdown('| a | b |\n|--:|:-:|\n| 1 | 2 |', policy);
    expect(table).not.toContain('style=');
    expect(table).toContain('class="align-right"');
  });
  it('keeps a fence language only when it is a plain name', () => {
    expect(renderMarkdown('```python\nx=1\n```', policy)).toContain('class="language-python"');
    expect(renderMarkdown('```"><script>\nx\n```', policy)).not.toContain('language-');
  });
});
