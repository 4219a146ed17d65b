/**
 * Marks a longest increasing subsequence of `seq`, skipping entries below 0 (children that are new
 * and so have no old position). O(n log n) patience sorting with predecessor links: the keyed
 * children diff keeps the marked children where they are and moves every other one, which is the
 * minimal number of moves for a reorder.
 *
 * @returns one flag per entry of `seq`, `true` for the entries in the subsequence.
 */
export function markLongestIncreasing(seq: readonly number[]): boolean[] {
  const n = seq.length;
  const marks = new Array<boolean>(n).fill(false);
  // tails[k] = index in seq of the smallest tail of an increasing run of length k + 1
  const tails: number[] = [];
  const prev = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const value = seq[i]!;
    if (value < 0) continue;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (seq[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  for (let i = tails.length === 0 ? -1 : tails[tails.length - 1]!; i >= 0; i = prev[i]!) marks[i] = true;
  return marks;
}
