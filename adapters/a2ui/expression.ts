import { A2uiError } from './limits.ts';

/** A parsed `formatString` piece: literal text, a `{path}` binding or a function call. */
export type ExpressionPart =
  string | number | boolean | { path: string } | { call: string; args: Record<string, ExpressionPart> };

/** Deepest `${...}` nesting accepted; A2UI's own parser allows 100, real templates use 2. */
const MAX_NESTING = 16;

/**
 * Parses an A2UI `formatString` template (`"${/a} of ${formatNumber(value: ${/b})}"`) into parts,
 * following `@a2ui/web_core`'s ExpressionParser grammar: `\${` escapes, quoted strings, numbers,
 * true/false/null, paths and `name(arg: value, ...)` calls. Nesting is bounded.
 */
export function parseTemplate(input: string): ExpressionPart[] {
  const parts: ExpressionPart[] = [];
  const p = new Parser(input);
  let literal = '';
  while (!p.end()) {
    if (p.peek() === '\\' && p.peek(1) === '$' && p.peek(2) === '{') {
      literal += '${';
      p.pos += 3;
    } else if (p.peek() === '$' && p.peek(1) === '{') {
      if (literal !== '') parts.push(literal);
      literal = '';
      p.pos += 2;
      const part = p.interpolation(1);
      if (part !== '') parts.push(part);
    } else {
      literal += p.peek();
      p.pos += 1;
    }
  }
  if (literal !== '') parts.push(literal);
  return parts;
}

class Parser {
  pos = 0;
  constructor(readonly input: string) {}
  end(): boolean {
    return this.pos >= this.input.length;
  }
  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? '\0';
  }
  fail(message: string): never {
    throw new A2uiError(
      'EXPRESSION_ERROR',
      '',
      `${message} in formatString ${JSON.stringify(this.input.slice(0, 80))} at character ${this.pos}`,
    );
  }
  space(): void {
    while (!this.end() && /\s/.test(this.peek())) this.pos += 1;
  }
  /** After `${`: one expression, then the closing `}`. */
  interpolation(depth: number): ExpressionPart {
    if (depth > MAX_NESTING) this.fail(`more than ${MAX_NESTING} nested \${...}`);
    this.space();
    const value = this.peek() === '}' ? '' : this.expression(depth);
    this.space();
    if (this.peek() !== '}') this.fail("missing '}'");
    this.pos += 1;
    return value;
  }
  expression(depth: number): ExpressionPart {
    this.space();
    const c = this.peek();
    if (c === '$' && this.peek(1) === '{') {
      this.pos += 2;
      return this.interpolation(depth + 1);
    }
    if (c === "'" || c === '"') return this.string(c);
    if (c >= '0' && c <= '9') {
      const match = /^\d+(\.\d*)?/.exec(this.input.slice(this.pos))!;
      this.pos += match[0].length;
      return Number(match[0]);
    }
    const token = /^[A-Za-z0-9/._-]*/.exec(this.input.slice(this.pos))![0];
    this.pos += token.length;
    this.space();
    if (this.peek() === '(') return this.call(token, depth);
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null' || token === '') return '';
    return { path: token };
  }
  string(quote: string): string {
    this.pos += 1;
    let out = '';
    while (!this.end()) {
      const c = this.peek();
      this.pos += 1;
      if (c === quote) return out;
      if (c === '\\') {
        const next = this.peek();
        this.pos += 1;
        out += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
      } else out += c;
    }
    return this.fail('unterminated string');
  }
  call(name: string, depth: number): ExpressionPart {
    if (depth > MAX_NESTING) this.fail(`more than ${MAX_NESTING} nested calls`);
    this.pos += 1;
    const args = new Map<string, ExpressionPart>();
    this.space();
    while (!this.end() && this.peek() !== ')') {
      const arg = /^[A-Za-z0-9_]*/.exec(this.input.slice(this.pos))![0];
      this.pos += arg.length;
      this.space();
      if (this.peek() !== ':') this.fail(`expected ':' after argument '${arg}' of ${name}`);
      this.pos += 1;
      args.set(arg, this.expression(depth + 1));
      this.space();
      if (this.peek() === ',') this.pos += 1;
      this.space();
    }
    if (this.peek() !== ')') this.fail(`expected ')' after the arguments of ${name}`);
    this.pos += 1;
    const record = Object.create(null) as Record<string, ExpressionPart>;
    for (const [k, v] of args) record[k] = v;
    return { call: name, args: record };
  }
}
