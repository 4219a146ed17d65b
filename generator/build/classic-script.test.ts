import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleClassicScript, classicScriptConfig } from './classic-script.mjs';

const dir = mkdtempSync(join(tmpdir(), 'suip-classic-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('classicScriptConfig / bundleClassicScript: one sandbox script', () => {
  it('builds in memory an ES2022 IIFE that exposes the entry under its name, with the files it read', async () => {
    const helper = join(dir, 'helper.ts');
    const entry = join(dir, 'entry.ts');
    writeFileSync(helper, 'export const twice = (n: number): number => n * 2;\n');
    writeFileSync(entry, "import { twice } from './helper.ts';\nexport const answer = twice(21);\n");
    const config = classicScriptConfig({ entry, name: 'probeScript' });
    expect(config.build).toMatchObject({ write: false, target: 'es2022', minify: true, sourcemap: false });
    expect(config.build?.lib).toMatchObject({ entry, formats: ['iife'], name: 'probeScript' });
    const built = await bundleClassicScript({ entry, name: 'probeScript' });
    expect(built).toBeDefined();
    expect(built!.code).not.toMatch(/^\s*(import|export)\b/m);
    const globals: { probeScript?: { answer: number } } = {};
    runInNewContext(built!.code, globals);
    expect(globals.probeScript?.answer).toBe(42);
    expect(built!.modules).toEqual(expect.arrayContaining([entry, helper]));
  }, 120_000);
});
