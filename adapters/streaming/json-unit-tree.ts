import { matchesPath, type PathPattern, type PathSegment } from './json-path.ts';
import { setMember, shallowCopy } from './json-lexical.ts';
import type { CuttablePredicate, JsonStreamEvent } from './json-unit-types.ts';
import type { JsonStreamErrorCode, JsonStreamLimits } from './limits.ts';

/**
 * What an open array or object expects next. An object: a key or its end, a key (after a comma),
 * the colon, a value, a comma or its end. An array: a value or its end, a value (after a comma),
 * a comma or its end.
 */
export const Expect = { KeyOrEnd: 0, Key: 1, Colon: 2, Value: 3, After: 4, ValueOrEnd: 5 } as const;
/** One of `Expect`'s states. */
export type Expect = (typeof Expect)[keyof typeof Expect];

/** An array or object still open, and what it expects next. */
export interface Frame {
  array: boolean;
  value: Record<string, unknown> | unknown[];
  expect: Expect;
  /** An object's key whose value is being read. */
  key: string;
}

/** What the tree reports to the parser that drives it. */
export interface UnitTreeHost {
  /** The number of the document being read. */
  readonly document: number;
  emit(event: JsonStreamEvent): void;
  /** A bound was passed: the parser reports it and resets (the tree with it). */
  fail(code: JsonStreamErrorCode, at: number, message: string): void;
}

/** What a `text` event carries beside the text: where the unit is, where the string is, and the unit so far. */
export interface UnitPreview {
  unitPath: PathSegment[];
  path: PathSegment[];
  unit: unknown;
}

/**
 * The value of one document as it is built, with the units and context values it yields: the
 * stack of open arrays and objects, the JSON path of what is being read, and the depth of the
 * unit being read (-1 outside units). It holds the depth and unit-count bounds.
 */
export class JsonUnitTree {
  /** Open arrays and objects, outermost first. */
  readonly frames: Frame[] = [];
  /** JSON path of the innermost open container (the member being read is `childSegment()`). */
  readonly path: PathSegment[] = [];
  /** Whether the document's value is complete. */
  done = false;
  /** The document's value, once `done`. */
  root: unknown;
  /** Depth of the frame holding the unit being read, or -1 (0: the document itself is the unit). */
  private unitLevel = -1;
  private unitCount = 0;

  constructor(
    private readonly units: readonly PathPattern[],
    private readonly contexts: readonly PathPattern[],
    private readonly limits: JsonStreamLimits,
    private readonly host: UnitTreeHost,
  ) {}

  /** Forgets the document (it ended or failed). */
  reset(): void {
    this.done = false;
    this.root = undefined;
    this.unitCount = 0;
    this.frames.length = 0;
    this.path.length = 0;
    this.unitLevel = -1;
  }

  /** The innermost open array or object, if any. */
  top(): Frame | undefined {
    return this.frames[this.frames.length - 1];
  }

  /** Whether a unit is being read. */
  inUnit(): boolean {
    return this.unitLevel >= 0;
  }

  /** An array or object opened at offset `at`; refused past the depth bound. */
  open(array: boolean, at: number): void {
    const { frames, limits } = this;
    if (frames.length >= limits.maxDepth)
      return this.host.fail(
        'LIMIT_EXCEEDED',
        at,
        `arrays and objects nest deeper than ${limits.maxDepth} levels; flatten the structure`,
      );
    if (frames.length > 0) this.path.push(this.childSegment());
    if (this.unitLevel === -1 && this.matches(this.units)) this.unitLevel = frames.length;
    frames.push({ array, value: array ? [] : {}, expect: array ? Expect.ValueOrEnd : Expect.KeyOrEnd, key: '' });
  }

  /** The innermost array or object closed at `at`; false when that failed the parse. */
  close(at: number): boolean {
    const frame = this.frames.pop()!;
    if (this.frames.length > 0) this.path.pop();
    return this.complete(frame.value, at);
  }

  /** An object's key was read: its value comes after a colon. */
  setKey(key: string): void {
    const top = this.top()!;
    top.key = key;
    top.expect = Expect.Colon;
  }

  /** A value closed at `at`: yielded when it is a unit or context, then set in its parent. False when that failed. */
  complete(value: unknown, at: number): boolean {
    const { frames, host, path } = this;
    if (frames.length === 0) {
      if (this.unitLevel === 0 || (this.unitLevel === -1 && this.matches(this.units)))
        host.emit({ kind: 'unit', document: host.document, path: [], value });
      this.unitLevel = -1;
      this.root = value;
      this.done = true;
      return true;
    }
    const parent = frames[frames.length - 1]!;
    const segment = this.childSegment();
    path.push(segment);
    if (this.unitLevel === frames.length || (this.unitLevel === -1 && this.matches(this.units))) {
      this.unitCount += 1;
      if (this.unitCount > this.limits.maxUnits) {
        const max = this.limits.maxUnits;
        host.fail('LIMIT_EXCEEDED', at, `a document may yield at most ${max} units; split it into several messages`);
        return false;
      }
      host.emit({ kind: 'unit', document: host.document, path: path.slice(), value });
      this.unitLevel = -1;
    } else if (this.unitLevel === -1 && this.matches(this.contexts))
      host.emit({ kind: 'value', document: host.document, path: path.slice(), value });
    path.pop();
    setMember(parent.value, segment, value);
    parent.expect = Expect.After;
    return true;
  }

  /**
   * The unit being read as a `text` event shows it, with `text` as the open string's value, or
   * undefined when `cuttable` says that string is not a text role. O(the unit's open members).
   */
  preview(text: string, cuttable: CuttablePredicate): UnitPreview | undefined {
    const { frames, path, unitLevel } = this;
    const segment = this.childSegment();
    path.push(segment);
    const unitPath = path.slice(0, unitLevel);
    const inUnit = path.slice(unitLevel);
    path.pop();
    if (!cuttable(inUnit, frames[unitLevel]!.value, unitPath)) return undefined;
    const unit = shallowCopy(frames[unitLevel]!.value);
    let at = unit;
    for (let k = unitLevel + 1; k < frames.length; k += 1) {
      const child = shallowCopy(frames[k]!.value);
      setMember(at, path[k - 1]!, child);
      at = child;
    }
    setMember(at, segment, text);
    return { unitPath, path: unitPath.concat(inUnit), unit };
  }

  /** The path segment of the member being read in the innermost container. */
  private childSegment(): PathSegment {
    const top = this.top()!;
    return top.array ? (top.value as unknown[]).length : top.key;
  }

  private matches(patterns: readonly PathPattern[]): boolean {
    return patterns.some((p) => matchesPath(p, this.path));
  }
}
