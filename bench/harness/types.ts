/**
 * The contract between the benchmark runner (`bench/run.mjs`) and one benchmark case. Each case is
 * one file in `bench/cases/`, listed in `bench/cases/index.ts`; each of its variants runs in a
 * fresh Node process, so one variant's JIT state and heap cannot flatter or hurt another's.
 */

/** What a variant's run is given. */
export interface RunContext {
  /** `--quick`: fewer, shorter runs and smaller sizes where a case has them. */
  quick: boolean;
}

/** A target from an issue, checked by the runner against the row's median or its ratio. */
export interface Target {
  /** The median must be at most this (in the row's unit). */
  max?: number;
  /** The anchor's median divided by this row's must be at least this. */
  minRatio?: number;
  /** Where the target comes from and what it says, e.g. "issue 2: ≤ 10 µs at 1k". */
  text: string;
}

/** One measured figure. */
export interface Row {
  /** Unique within the case, e.g. `diff-1k/suip`; anchors refer to rows by it. */
  key: string;
  /** What was measured, for the table. */
  label: string;
  /** Median over the runs. */
  value: number;
  unit: 'µs' | 'ms' | 'bytes' | 'ops';
  /** Every run's figure (at least 5 for timings). */
  runs?: number[];
  /** For timings: the median wall-clock time, in the row's unit (value is CPU time, see measure.ts). */
  wall?: number;
  /**
   * Key(s) of the rows to compare with (same case, any variant): ratio = anchor / this. A target's minRatio applies
   * to the first.
   */
  anchor?: string | readonly string[];
  target?: Target;
  note?: string;
  /** Cell of a pivot table: cases whose rows all have one are shown as a matrix in the docs. */
  matrix?: { row: string; column: string };
}

/** One benchmark file. */
export interface BenchCase {
  name: string;
  /** One line: what is compared with what. */
  description: string;
  /** Each runs in its own process, in this order. */
  variants: readonly string[];
  /** At most this many interleaved rounds (for cases whose slow variants take minutes per round). */
  maxRounds?: number;
  /** Measures one variant; throws `BenchCheckError` when a result is wrong. */
  run(variant: string, context: RunContext): Promise<Row[]> | Row[];
}
