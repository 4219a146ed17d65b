import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { compile } from './check.ts';
import { ErrorCode } from './error-codes.ts';
import { SuipErrorObject, opError, rolledBackError } from './error.ts';
import { EventParams } from './event.ts';
import { DataParams } from './data-plane.ts';
import { DialogParams, DialogResult } from './dialog.ts';
import { InitializeParams, InitializeResult } from './handshake.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { isCall, parseMessage, type RpcCall, type RpcResponse } from './message.ts';
import { Method, OP_METHODS } from './methods.ts';
import { checkOp } from './validate-op.ts';
import { validateParticle } from './validate-particle.ts';
import { PROTOCOL_VERSION } from './version.ts';

/**
 * docs/protocol.md is part of the contract, so its examples are tested: every `json wire` block is
 * a port message that passes the renderer's own checks, every method and error code has an example,
 * and `shared-error` blocks are exactly what the shared validators answer to the hostile inputs below.
 */
const DOC = readFileSync(fileURLToPath(new URL('../docs/protocol.md', import.meta.url)), 'utf8');

interface Block {
  tags: string[];
  text: string;
  line: number;
}

const blocks: Block[] = [...DOC.matchAll(/^```json([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({
  tags: m[1]!.trim().split(/\s+/).filter(Boolean),
  text: m[2]!,
  line: DOC.slice(0, m.index).split('\n').length,
}));

const checks = {
  initializeParams: compile(InitializeParams),
  initializeResult: compile(InitializeResult),
  event: compile(EventParams),
  error: compile(SuipErrorObject),
  data: compile(DataParams),
  dialog: compile(DialogParams),
  dialogResult: compile(DialogResult),
};

const particleCtx = { limits: DEFAULT_LIMITS, depth: 1, nodeBudget: DEFAULT_LIMITS.maxNodes, where: 'params.particle' };

/** The error objects the shared validators give for the hostile inputs the doc shows. */
function producedErrors(): unknown[] {
  const wrapped = (value: unknown, path: string[]) => {
    const result = validateParticle(value, particleCtx);
    if (result.ok) throw new Error('expected a refusal');
    return opError(result.issue.code, result.issue.message, { method: Method.append, index: 0, path });
  };
  const parsed = (text: string) => {
    const result = parseMessage(text, DEFAULT_LIMITS);
    if (result.ok) throw new Error('expected a refusal');
    return result.error;
  };
  const checked = (params: unknown) => {
    const result = checkOp(Method.append, params, 0, DEFAULT_LIMITS);
    if (result.ok) throw new Error('expected a refusal');
    return result.error;
  };
  const call = '{"jsonrpc":"2.0","method":"suip/ops/remove","params":{"path":["a"]}}';
  const idExists = opError(
    ErrorCode.IdExists,
    'the group already has a child "a"; choose another id, or replace "a" instead',
    { method: Method.append, index: 1, path: ['list'] },
  );
  const errors = [
    parsed('{"jsonrpc":"2.0","method":"suip/ops/ap'),
    parsed('{"method": "suip/initialized", "params": {}}'),
    parsed('[]'),
    parsed(`[${Array(5001).fill(call).join(',')}]`),
    checked({ path: ['counter'], id: 7, particle: { text: 'x' } }),
    checked(JSON.parse('{"path": ["counter"], "id": "__proto__", "particle": {"text": "x"}}')),
    wrapped(
      {
        group: [
          ['a', { text: '1' }],
          ['a', { text: '2' }],
        ],
      },
      ['counter'],
    ),
    wrapped({ text: 'x'.repeat(300_000) }, ['counter']),
    rolledBackError(idExists, 0, Method.append),
    rolledBackError(idExists, 2, Method.remove),
  ];
  return errors.map((error) => JSON.parse(JSON.stringify(error)));
}

/** Checks one JSON-RPC message of an example the way the receiving peer would. */
function checkExample(message: RpcCall | RpcResponse, where: string): void {
  if (isCall(message)) {
    const { method, params } = message;
    if (OP_METHODS.has(method)) {
      const op = checkOp(method, params, 0, DEFAULT_LIMITS);
      expect(op, where).toMatchObject({ ok: true });
      const particle = (params as { particle?: unknown }).particle;
      if (particle !== undefined) expect(validateParticle(particle, particleCtx), where).toMatchObject({ ok: true });
      return;
    }
    switch (method) {
      case Method.initialize:
        return void expect(checks.initializeParams.firstError(params), where).toBeUndefined();
      case Method.event:
        return void expect(checks.event.firstError(params), where).toBeUndefined();
      case Method.error:
        return void expect(checks.error.firstError(params), where).toBeUndefined();
      case Method.input:
      case Method.output:
        return void expect(checks.data.firstError(params), where).toBeUndefined();
      case Method.dialog:
        return void expect(checks.dialog.firstError(params), where).toBeUndefined();
      case Method.initialized:
      case Method.shutdown:
        return void expect(params, where).toEqual({});
      default:
        throw new Error(`${where}: unknown method ${method}`);
    }
  }
  if (message.error !== undefined) return void expect(checks.error.firstError(message.error), where).toBeUndefined();
  const result = message.result as Record<string, unknown>;
  if (Object.hasOwn(result, 'protocolVersion')) {
    expect(checks.initializeResult.firstError(result), where).toBeUndefined();
    expect(result.limits, `${where}: the example announces DEFAULT_LIMITS`).toEqual(DEFAULT_LIMITS);
  } else if (Object.keys(result).length > 0) {
    expect(
      checks.dialogResult.firstError(result),
      `${where}: a non-empty result other than initialize's is a dialog answer`,
    ).toBeUndefined();
  } else {
    expect(result, where).toEqual({});
  }
}

function wireMessages(block: Block): (RpcCall | RpcResponse)[] {
  const parsed = parseMessage(block.text, DEFAULT_LIMITS);
  if (!parsed.ok) throw new Error(`docs/protocol.md:${block.line}: ${parsed.error.message}`);
  return parsed.messages;
}

function errorsIn(message: RpcCall | RpcResponse): unknown[] {
  if (isCall(message)) return message.method === Method.error ? [message.params] : [];
  return message.error === undefined ? [] : [message.error];
}

describe('docs/protocol.md', () => {
  test('is about this protocol version', () => {
    expect(DOC.split('\n')[0]).toBe(`# The SUIP wire protocol, version ${PROTOCOL_VERSION}`);
    expect(DOC).toContain(`\`protocolVersion: "${PROTOCOL_VERSION}"\``);
  });

  test('every json block parses; particle and `on` examples pass validateParticle', () => {
    expect(blocks.length).toBeGreaterThan(30);
    for (const block of blocks) {
      const value: unknown = JSON.parse(block.text);
      if (block.tags[0] === 'particle')
        expect(validateParticle(value, particleCtx), `line ${block.line}`).toMatchObject({ ok: true });
      if (block.tags[0] === 'on')
        expect(validateParticle({ group: [], ...(value as object) }, particleCtx), `line ${block.line}`).toMatchObject({
          ok: true,
        });
    }
  });

  test('every wire example is a valid port message whose calls and responses pass the receiving checks', () => {
    for (const block of blocks.filter((b) => b.tags[0] === 'wire')) {
      wireMessages(block).forEach((message, i) => checkExample(message, `docs/protocol.md:${block.line} entry ${i}`));
    }
  });

  test('every method and every error code has an example', () => {
    const wire = blocks.filter((b) => b.tags[0] === 'wire').flatMap(wireMessages);
    const methods = new Set(wire.filter(isCall).map((m) => m.method));
    expect([...Object.values(Method)].filter((m) => !methods.has(m))).toEqual([]);
    const codes = new Set(wire.flatMap(errorsIn).map((e) => (e as { code: number }).code));
    expect(
      Object.entries(ErrorCode)
        .filter(([, code]) => !codes.has(code))
        .map(([name]) => name),
    ).toEqual([]);
  });

  test('shared-error examples are verbatim what the shared validators produce', () => {
    const produced = producedErrors();
    const marked = blocks.filter((b) => b.tags.includes('shared-error'));
    expect(marked.length).toBeGreaterThanOrEqual(8);
    for (const block of marked) {
      for (const error of wireMessages(block).flatMap(errorsIn)) {
        expect(produced, `docs/protocol.md:${block.line} shows an error the validators do not produce`).toContainEqual(
          error,
        );
      }
    }
  });

  test('the limits table lists DEFAULT_LIMITS with their values', () => {
    const rows = new Map(
      [...DOC.matchAll(/^\| `(max\w+)` \| ([\d,]+)/gm)].map((m) => [m[1]!, Number(m[2]!.replaceAll(',', ''))]),
    );
    expect(Object.fromEntries(rows)).toEqual({ ...DEFAULT_LIMITS });
  });

  test('every source or test file it names exists', () => {
    const files = [...DOC.matchAll(/`((?:shared|renderer|generator|e2e|bench)\/[\w/.-]+\.ts)`/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files)
      expect(existsSync(fileURLToPath(new URL(`../${file}`, import.meta.url))), file).toBe(true);
  });

  test('the error table lists every code with its name', () => {
    for (const [name, code] of Object.entries(ErrorCode))
      expect(DOC).toMatch(new RegExp(`^\\| ${code} \\| ${name} \\|`, 'm'));
  });
});
