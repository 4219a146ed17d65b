import { describe, expect, it } from 'vitest';
import { buildSandboxSources } from './sandbox-plugin.ts';

describe('buildSandboxSources', () => {
  it('bundles the relay and the runtime as single classic scripts with no imports and no eval', async () => {
    const { runtime, relay } = await buildSandboxSources();
    for (const code of [runtime.code, relay.code]) {
      expect(code).not.toMatch(/^\s*import[\s{]/m);
      expect(code).not.toMatch(/\bimportScripts\(/);
      expect(code).not.toContain('new Function');
    }
    // The relay embeds the runtime (it starts the Worker from a blob of runtime + model code).
    expect(relay.code).toContain(JSON.stringify(runtime.code).slice(1, 200));
    console.log(`runtime ${runtime.code.length} chars, relay ${relay.code.length} chars`);
  });
});

describe('the sandbox runtime stays lean', () => {
  it('holds no TypeBox: the runtime uses plain values of the wire modules, never their schemas (issue 31)', async () => {
    const { runtime, relay } = await buildSandboxSources();
    for (const bundle of [runtime, relay]) {
      expect(bundle.modules.filter((id) => id.includes('@sinclair/typebox'))).toEqual([]);
      expect(bundle.code).not.toContain('TypeBox.Kind');
    }
  });
});
