/** Case 5: Lit update cost (page `bench/pages/lit-update.html`). */
const PAGE = '/bench/pages/lit-update.html';
const OPS = ['token', 'insert', 'remove', 'swap', 'replace'];

/** suip's transaction + `<suip-tree>` vs vanilla DOM and one whole-tree lit-html template, per edit. */
export function litUpdate({ quick }) {
  const sizes = quick ? [1000] : [300, 1000, 3000, 10000];
  return {
    name: 'browser-lit-update',
    description:
      'issue 6 case 5: one edit (token / insert / remove / swap / replace subtree) on a list of n particles, ' +
      'applied and laid out; suip (core/tree transaction + <suip-tree>) vs vanilla DOM and a whole-tree lit-html ' +
      'template; main-thread CPU ms per edit',
    variants: sizes.flatMap((n) => ['suip', 'vanilla', 'template'].map((kind) => `${n}/${kind}`)),
    async run(session, variant) {
      const [n, kind] = variant.split('/');
      const r = await session.run(
        PAGE,
        'litUpdate',
        { kind, particles: Number(n), repeats: quick ? 20 : Number(n) >= 10000 ? 15 : Number(n) >= 3000 ? 25 : 40 },
        { timeoutMs: 600_000 },
      );
      if (!r.correct) throw Object.assign(new Error(`${variant}: ${r.problem}`), { wrong: true });
      const limit = n === '1000' ? 1.5 : n === '10000' ? 2 : undefined;
      const rows = OPS.map((op) => {
        const row = {
          key: `${n}/${kind}/${op}`,
          label: `${n} particles, ${op}: ${kind}`,
          value: r.cpuMs[op],
          unit: 'ms',
          matrix: { row: `${n} ${op}`, column: kind },
        };
        if (kind === 'suip') {
          row.anchor = [`${n}/vanilla/${op}`, `${n}/template/${op}`];
          if (limit)
            row.target = {
              minRatio: 1 / limit,
              text: `issue 6: ≤ ${limit}x vanilla at ${n} (vanilla ÷ suip ≥ ${(1 / limit).toFixed(2)})`,
            };
        }
        return row;
      });
      rows.push({
        key: `${n}/${kind}/recreated`,
        label: `${n} particles: elements re-created by a swap (MutationObserver)`,
        value: r.swapRecreated,
        unit: 'ops',
        matrix: { row: `${n} swap: elements re-created`, column: kind },
        ...(kind === 'suip' ? { target: { max: 0, text: 'issue 6: 0 elements re-created for a move' } } : {}),
      });
      return rows;
    },
  };
}
