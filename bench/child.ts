import { CASES } from './cases/index.ts';
import { BenchCheckError } from './harness/check.ts';

/**
 * One benchmark process, started by `bench/run.mjs` (after it bundled this file for Node):
 * `child.mjs --list` prints the cases and variants as JSON; `child.mjs <case> <variant> [--quick]`
 * runs one variant and prints its rows as one JSON line on stdout.
 */
async function main(argv: readonly string[]): Promise<void> {
  if (argv[0] === '--list') {
    process.stdout.write(
      `${JSON.stringify(CASES.map(({ name, description, variants, maxRounds }) => ({ name, description, variants, maxRounds })))}\n`,
    );
    return;
  }
  const [name, variant] = argv;
  const benchCase = CASES.find((c) => c.name === name);
  if (benchCase === undefined || variant === undefined || !benchCase.variants.includes(variant)) {
    throw new Error(`unknown case/variant ${name}/${variant}`);
  }
  const rows = await benchCase.run(variant, { quick: argv.includes('--quick') });
  process.stdout.write(`${JSON.stringify({ ok: true, rows })}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const wrong = error instanceof BenchCheckError;
  process.stdout.write(
    `${JSON.stringify({ ok: false, wrong, error: error instanceof Error ? (error.stack ?? error.message) : String(error) })}\n`,
  );
  process.exitCode = 1;
});
