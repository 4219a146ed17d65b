import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate, TemplateError } from './template.ts';

const render = (source: string, data: unknown) => renderTemplate(parseTemplate(source), data);

describe("the template interpreter (the seed's syntax)", () => {
  it('binds {{prop}} HTML-escaped, and {{{raw}}} as text too (never markup)', () => {
    expect(render('<p>{{a}}|{{{a}}}</p>', { a: '<b onclick="x">&' })).toBe(
      '<p>&lt;b onclick=&quot;x&quot;&gt;&amp;|&lt;b onclick=&quot;x&quot;&gt;&amp;</p>',
    );
  });

  it('iterates {{#each}} with @index, @first, @last, this and outer names', () => {
    expect(
      render('{{#each xs}}[{{@index}}{{#if @first}}F{{/if}}{{#if @last}}L{{/if}}:{{this}}/{{name}}]{{/each}}', {
        xs: [1, 2, 3],
        name: 'n',
      }),
    ).toBe('[0F:1/n][1:2/n][2L:3/n]');
    expect(
      render('{{#each cols}}{{id}}:{{#each cards}}{{id}}{{/each}};{{/each}}', {
        cols: [
          { id: 'a', cards: [{ id: 1 }, { id: 2 }] },
          { id: 'b', cards: [] },
        ],
      }),
    ).toBe('a:12;b:;');
  });

  it('renders {{#if}}, {{#unless}} and {{else}} on truthiness (empty arrays are false)', () => {
    expect(render('{{#if a}}y{{else}}n{{/if}}{{#unless b}}u{{/unless}}{{#if c}}C{{/if}}', { a: 1, b: 0, c: [] })).toBe(
      'yu',
    );
  });

  it('reads dotted paths and never the prototype chain', () => {
    expect(render('{{a.b}}{{constructor}}{{a.toString}}', { a: { b: 'ok' } })).toBe('ok');
  });

  it('refuses malformed templates with the place and the fix', () => {
    expect(() => parseTemplate('{{#each x}}')).toThrow(
      /opened at line 1, column 1 is never closed; close it with \{\{\/each\}\}/,
    );
    // An unclosed mustache is an error with its place, never literal text (issue 47).
    expect(() => parseTemplate('<p>{{name</p>')).toThrow(
      '"{{" at line 1, column 4 is never closed; close it with "}}"',
    );
    expect(() => parseTemplate('<p>{{a}}</p>\n<i>{{ b</i>')).toThrow('"{{" at line 2, column 4 is never closed');
    expect(() => parseTemplate('{{#if x}}{{/each}}')).toThrow(
      /at line 1, column 10 closes \{\{#if\}\} opened at line 1, column 1/,
    );
    expect(() => parseTemplate('{{#with x}}{{/with}}')).toThrow(/unknown block/);
    expect(() => parseTemplate('{{a b}}')).toThrow(TemplateError);
    expect(() => parseTemplate('<ul>\n  {{#each items}}\n  <li>{{name}}</li>\n</ul>')).toThrow(
      '{{#each}} opened at line 2, column 3 is never closed',
    );
    expect(() => parseTemplate('<p>\r\n</p>\n<b>{{a b}}</b>')).toThrow(
      '{{a b}} at line 3, column 4 is not a property name',
    );
    expect(() => parseTemplate('{{#if a}}'.repeat(30) + '{{/if}}'.repeat(30))).toThrow(
      /deeper than 24.*maxTemplateDepth/,
    );
  });

  it('bounds the work: output size and iterations name their limit', () => {
    const big = { xs: Array.from({ length: 200 }, (_, i) => i) };
    expect(() => render('{{#each xs}}{{#each xs}}{{#each xs}}x{{/each}}{{/each}}{{/each}}', big)).toThrow(
      /maxTemplateIterations/,
    );
    expect(() => render('{{#each xs}}{{s}}{{/each}}', { xs: big.xs, s: 'y'.repeat(5000) })).toThrow(
      /maxTemplateOutput/,
    );
  });

  it('never throws anything but a TemplateError on any input (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('{', '}', '#', '/', 'each ', 'if ', 'x', ' ', 'else', '@index', '<', '>') }),
        fc.jsonValue(),
        (source, data) => {
          try {
            renderTemplate(parseTemplate(source), data);
          } catch (error) {
            expect(error).toBeInstanceOf(TemplateError);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
