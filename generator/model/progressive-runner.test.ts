import { describe, expect, it } from 'vitest';
import { createProgressiveRunner } from './progressive-runner.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createProgressiveRunner', () => {
  it('runs each longer complete prefix once, throttled, never a broken one, and nothing after stop', async () => {
    const ran: string[] = [];
    const runner = createProgressiveRunner({ runPrefix: async (code) => void ran.push(code) }, { throttleMs: 20 });
    const program = "render(text('a'));\nconst b = [\n  1,\n];\nrender(text('b'));\n";
    for (let i = 1; i <= program.length; i += 1) {
      runner.push(program.slice(0, i));
      await sleep(2);
    }
    await sleep(60);
    await runner.stop();
    runner.push(`${program}render(text('late'));\n`);
    await sleep(60);
    expect(ran.length).toBeGreaterThanOrEqual(2);
    expect(ran.at(-1)).toBe(program);
    for (const [index, code] of ran.entries()) {
      expect(program.startsWith(code)).toBe(true);
      if (index > 0) expect(code.length).toBeGreaterThan(ran[index - 1]!.length);
    }
    expect(ran.length).toBeLessThan(program.split('\n').length);
    expect(runner.runs).toBe(ran.length);
  });

  it('a prefix run that throws is skipped silently and the next one still runs', async () => {
    const ran: string[] = [];
    const runner = createProgressiveRunner(
      {
        runPrefix: async (code) => {
          ran.push(code);
          if (ran.length === 1) throw new Error('prefix threw');
        },
      },
      { throttleMs: 5 },
    );
    runner.push('a();\n');
    await sleep(30);
    runner.push('a();\nb();\n');
    await sleep(30);
    await runner.stop();
    expect(ran).toEqual(['a();\n', 'a();\nb();\n']);
  });

  it('leaves the quiet time after a run ends, not after it starts, so a slow run still shows before the next replaces it', async () => {
    const spans: Array<[number, number]> = [];
    const runner = createProgressiveRunner(
      {
        runPrefix: async () => {
          const start = performance.now();
          await sleep(40);
          spans.push([start, performance.now()]);
        },
      },
      { throttleMs: 30 },
    );
    let program = '';
    for (let i = 0; i < 12; i += 1) {
      program += `render(text('${i}'));\n`;
      runner.push(program);
      await sleep(15);
    }
    await sleep(150);
    await runner.stop();
    expect(spans.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < spans.length; i += 1) expect(spans[i]![0] - spans[i - 1]![1]).toBeGreaterThanOrEqual(29);
  });
});
