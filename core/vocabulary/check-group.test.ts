import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, ErrorCode, validateParticle, type GroupParticle, type Particle } from '../../shared/index.ts';
import { createGroupChecker } from './check-group.ts';
import { BUILTIN_VOCABULARY } from './registry.ts';

const check = createGroupChecker();

/** Every group inside a particle with its path. */
function groups(p: Particle, path: string[] = []): [GroupParticle, string[]][] {
  if (!('group' in p)) return [];
  return [[p, path], ...p.group.flatMap(([id, child]) => groups(child, [...path, id]))];
}

describe('vocabulary definitions', () => {
  it("has at least 30 types, unique names, and the issue's required ones", () => {
    const names = BUILTIN_VOCABULARY.map((e) => e.type);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(30);
    for (const t of [
      'card',
      'list',
      'row',
      'column',
      'grid',
      'tabs',
      'accordion',
      'section',
      'modal',
      'divider',
      'hero',
      'alert',
      'badge',
      'status',
      'progress',
      'stats',
      'key-value',
      'table',
      'timeline',
      'code',
      'tags',
      'rating',
      'link-card',
      'chart-bar',
      'chart-line',
      'chart-pie',
      'image',
      'audio',
      'video',
      'file',
      'form',
      'button',
      'text-field',
      'text-area',
      'checkbox',
      'toggle',
      'choice',
      'multi-choice',
      'slider',
      'date-field',
    ]) {
      expect(names).toContain(t);
    }
  });
  it('every example is a valid particle whose groups all pass checkGroup', () => {
    for (const entry of BUILTIN_VOCABULARY) {
      const result = validateParticle(entry.example, {
        limits: DEFAULT_LIMITS,
        depth: 1,
        nodeBudget: 1000,
        where: entry.type,
      });
      expect(result.ok, entry.type).toBe(true);
      expect((entry.example as GroupParticle).type).toBe(entry.type);
      for (const [group, path] of groups(entry.example))
        expect(check(group, path), `${entry.type} ${path.join('/')}`).toBeUndefined();
    }
  });
  it('only accepts wire event names', () => {
    for (const entry of BUILTIN_VOCABULARY)
      for (const e of entry.events) expect(['click', 'input', 'change', 'submit', 'keydown']).toContain(e);
  });
});

describe('checkGroup', () => {
  it('rejects a card whose title is a group, naming type, role and fix', () => {
    const issue = check({ type: 'card', group: [['title', { group: [] }]] }, ['app', 'main']);
    expect(issue?.code).toBe(ErrorCode.VocabularyViolation);
    expect(issue?.message).toContain('"card"');
    expect(issue?.message).toContain('role "title"');
    expect(issue?.message).toContain('["app","main"]');
    expect(issue?.message).toContain('send ["title", "…"]');
  });
  it('names a missing required role and how to add it', () => {
    const issue = check({ type: 'image', group: [['alt', { text: 'x' }]] }, []);
    expect(issue?.message).toContain('needs the role "src"');
    expect(issue?.message).toContain('add ["src", data("https://…", "image/png")]');
  });
  it('rejects unknown role ids where the type has no catch-all role', () => {
    expect(
      check(
        {
          type: 'badge',
          group: [
            ['label', { text: 'a' }],
            ['colour', { text: 'red' }],
          ],
        },
        [],
      )?.message,
    ).toContain('has no role "colour"; its roles are "label", "tone"');
    expect(check({ type: 'divider', group: [['x', { text: 'a' }]] }, [])?.message).toContain('takes no children');
  });
  it('checks group types and mime types of roles', () => {
    expect(check({ type: 'tabs', group: [['a', { type: 'card', group: [] }]] }, [])?.message).toContain(
      'must be a group of type "section" but is a "card"',
    );
    expect(check({ type: 'table', group: [['data', { text: '{}' }]] }, [])?.message).toContain(
      'mimeType "application/json" but has "text/markdown"',
    );
    expect(
      check(
        {
          type: 'image',
          group: [
            ['src', { data: 'https://a/b.html', mimeType: 'text/html' }],
            ['alt', { text: 'x' }],
          ],
        },
        [],
      )?.message,
    ).toContain('"image/*"');
  });
  it('rejects events the type does not accept', () => {
    expect(check({ type: 'card', group: [], on: { click: { handler: 'h1' } } }, [])?.message).toContain(
      'accepts no events but has on.click',
    );
    expect(
      check({ type: 'button', group: [['label', { text: 'a' }]], on: { submit: { handler: 'h1' } } }, [])?.message,
    ).toContain('accepts the events "click", "keydown", not "submit"');
  });
  it('lets untyped and unknown types through (they render as group / fallback)', () => {
    expect(check({ group: [['x', { text: 'a' }]] }, [])).toBeUndefined();
    expect(check({ type: 'weather', group: [['x', { text: 'a' }]] }, [])).toBeUndefined();
  });
  it('treats hostile ids as data: "__proto__" or "*" are just unknown roles', () => {
    expect(
      check(
        {
          type: 'badge',
          group: [
            ['label', { text: 'a' }],
            ['__proto__', { text: 'x' }],
          ],
        },
        [],
      )?.code,
    ).toBe(ErrorCode.VocabularyViolation);
    expect(
      check(
        {
          type: 'badge',
          group: [
            ['label', { text: 'a' }],
            ['*', { text: 'x' }],
          ],
        },
        [],
      )?.code,
    ).toBe(ErrorCode.VocabularyViolation);
    expect(
      check(
        {
          type: 'list',
          group: [
            ['*', { text: 'x' }],
            ['constructor', { text: 'y' }],
          ],
        },
        [],
      ),
    ).toBeUndefined();
  });
});
