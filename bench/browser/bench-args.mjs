/**
 * The command line of the browser benches: `--name=value` flags (a bare `--name` is `'true'`), and
 * the token-stream script's shape flags every token-stream tool takes the same way.
 */

/** The `--name=value` flags of `argv` (the process's by default) as an object of strings. */
export function benchArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(argv.map((a) => a.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? 'true']));
}

/**
 * The token-stream page's script options from `--per-item` (a new item every so many tokens) and
 * `--churn` (the share of tokens that move or remove one). Absent flags are left out, so the page's
 * own defaults (30, 0.05) apply.
 */
export function scriptShape(args) {
  return {
    ...(args['per-item'] !== undefined ? { tokensPerItem: Number(args['per-item']) } : {}),
    ...(args.churn !== undefined ? { churn: Number(args.churn) } : {}),
  };
}
