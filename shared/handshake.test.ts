import { describe, expect, test } from 'vitest';
import { compile } from './check.ts';
import { EventParams } from './event.ts';
import { HostContext, InitializeParams, InitializeResult } from './handshake.ts';
import { DEFAULT_EFFECTIVE_POLICY } from './effective-policy.ts';
import { DEFAULT_LIMITS, Limits } from './limits.ts';
import { PROTOCOL_VERSION } from './version.ts';

const initialize = compile(InitializeParams);
const result = compile(InitializeResult);
const event = compile(EventParams);

describe('handshake schemas', () => {
  const params = {
    protocolVersion: PROTOCOL_VERSION,
    generator: { name: 'counter', version: '1.0.0' },
    capabilities: { textAppend: true, moves: true },
  };

  test('initialize params: capabilities are open, everything else closed', () => {
    expect(initialize.firstError(params)).toBeUndefined();
    expect(
      initialize.firstError({ ...params, capabilities: { textAppend: true, futureThing: { x: 1 } } }),
    ).toBeUndefined();
    expect(initialize.firstError({ ...params, extra: 1 })).toBe('/extra: Unexpected property');
    expect(initialize.firstError({ ...params, generator: { name: '', version: '1' } })).toMatch(/^\/generator\/name: /);
    expect(initialize.firstError({ ...params, protocolVersion: '1.0'.repeat(10) })).toMatch(/^\/protocolVersion: /);
    expect(
      initialize.firstError(
        JSON.parse(
          '{"protocolVersion": "1.0", "generator": {"name": "g", "version": "1"}, "capabilities": {}, "__proto__": {"polluted": true}}',
        ),
      ),
    ).toBe('/__proto__: Unexpected property');
  });

  test('initialize result: DEFAULT_LIMITS fit Limits; host context is open', () => {
    const ok = {
      protocolVersion: PROTOCOL_VERSION,
      renderer: { name: 'suip', version: '0.1.0' },
      vocabulary: [],
      limits: DEFAULT_LIMITS,
      hostContext: { theme: 'dark', locale: 'de-DE', timeZone: 'Europe/Berlin', density: 'compact' },
    };
    expect(result.firstError(ok)).toBeUndefined();
    expect(compile(HostContext).firstError({ theme: 'sepia', locale: 'en' })).toMatch(/^\/theme: /);
    expect(compile(Limits).firstError({ ...DEFAULT_LIMITS, maxDepth: 0 })).toMatch(/^\/maxDepth: /);
    expect(compile(Limits).firstError({ ...DEFAULT_LIMITS, maxNodes: 1.5 })).toMatch(/^\/maxNodes: /);
    const { maxIdLength: _omitted, ...missing } = DEFAULT_LIMITS;
    expect(compile(Limits).firstError(missing)).toMatch(/^\/maxIdLength: /);
  });

  test('initialize result: the effective policy and the input channels; the policy is open to new members', () => {
    const ok = {
      protocolVersion: PROTOCOL_VERSION,
      renderer: { name: 'suip', version: '0.1.0' },
      vocabulary: [],
      limits: DEFAULT_LIMITS,
      hostContext: { theme: 'light', locale: 'en' },
      inputs: ['props'],
      outputs: ['action'],
      policy: DEFAULT_EFFECTIVE_POLICY,
    };
    expect(result.firstError(ok)).toBeUndefined();
    expect(
      result.firstError({ ...ok, policy: { ...DEFAULT_EFFECTIVE_POLICY, dialogGesture: 'fresh' } }),
    ).toBeUndefined();
    expect(result.firstError({ ...ok, inputs: ['Bad Name'] })).toMatch(/^\/inputs\/0: /);
    expect(result.firstError({ ...ok, policy: { ...DEFAULT_EFFECTIVE_POLICY, credentialInputs: 'yes' } })).toMatch(
      /^\/policy\/credentialInputs: /,
    );
    expect(result.firstError({ ...ok, policy: { ...DEFAULT_EFFECTIVE_POLICY, mediaOrigins: 'http' } })).toMatch(
      /^\/policy\/mediaOrigins/,
    );
  });
});

describe('event params', () => {
  const base = { handler: 'h1', path: ['form'], event: 'submit' };

  test('each payload kind; form data as entries, so repeated and reserved names are just data', () => {
    for (const payload of [
      null,
      { value: 'Ada' },
      { checked: false },
      {
        formData: [
          ['topic', 'a'],
          ['topic', 'b'],
          ['__proto__', 'x'],
        ],
      },
    ]) {
      expect(event.firstError({ ...base, payload }), JSON.stringify(payload)).toBeUndefined();
    }
    expect(event.firstError({ ...base, payload: null, key: 'Enter' })).toBeUndefined();
  });

  test('refuses form data as an object, unknown events and extra members', () => {
    expect(event.firstError({ ...base, payload: { formData: { topic: 'a' } } })).toBeDefined();
    expect(event.firstError({ ...base, event: 'hover', payload: null })).toMatch(/^\/event: /);
    expect(event.firstError({ ...base, payload: null, extra: 1 })).toBe('/extra: Unexpected property');
    expect(event.firstError({ handler: 'h1', path: ['form'], event: 'click' })).toMatch(/^\/payload: /);
  });
});
