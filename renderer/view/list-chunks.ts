import { nothing, render } from 'lit';
import type { ChildPart } from 'lit/directive.js';
import { insertPart, setChildPartValue, setCommittedValue } from 'lit/directive-helpers.js';
import { enableAtomicMoves } from './atomic-moves.ts';
import { INLINE_STYLES, lightRoot } from './light-root.ts';

/**
 * A keyed list with more children than this is shown in chunks (`ListChunks`). Chosen so that
 * every list in the tests and the docs pictures (at most a few hundred children) renders exactly
 * as before, node for node; only the lists where Chromium's per-edit layout walk over every later
 * sibling costs hundreds of milliseconds (docs/benchmarks.md, issue 42: 425-559 ms per move or
 * removal near the top of 50,000 items) take the chunked shape.
 */
export const CHUNKED_ABOVE = 2000;

/** The children a chunk is opened with; a chunk that grows past twice this is split. */
export const CHUNK_SIZE = 500;

/** One chunk: its element (a part of the list's own part) and the part its children are placed in. */
interface Chunk {
  readonly outer: ChildPart;
  readonly inner: ChildPart;
  count: number;
}

/**
 * The DOM of a long keyed list: its children's parts in consecutive runs, each run inside a chunk
 * element, so an edit near the top re-lays one chunk instead of every later child (measured: one
 * move in 50,000 items, ~500 ms flat, ~10 ms in chunks of 500). The chunks hold the children in
 * the list's order: a child placed before another joins that one's chunk, one placed last joins
 * the last chunk; a chunk that would grow past `CHUNK_SIZE` at its edge opens a new chunk there,
 * one that grows past twice that in its middle is split when the edit ends (`settle`), an empty
 * one is removed. A child moved between chunks keeps its element (`moveBefore`, atomic-moves.ts).
 * The chunk is `role="none"`: the list's items stay the list's items in the accessibility tree.
 */
export class ListChunks {
  /** The children's parts, in order (what a flat list keeps as its part's committed value). */
  items: ChildPart[] = [];
  private chunks: Chunk[] = [];
  private readonly chunkOf = new WeakMap<ChildPart, Chunk>();

  constructor(private readonly part: ChildPart) {}

  /** Places a new child (no `item`) or moves `item` before `next` (undefined: last); returns its part. */
  place(next: ChildPart | undefined, item?: ChildPart): ChildPart {
    let chunk = next === undefined ? this.chunks.at(-1) : this.chunkOf.get(next);
    if (chunk === undefined || (chunk.count >= CHUNK_SIZE && this.atEdge(chunk, next))) {
      const at = chunk === undefined ? this.chunks.length : this.chunks.indexOf(chunk) + (next === undefined ? 1 : 0);
      chunk = this.open(at);
      next = undefined;
    }
    return this.into(chunk, next, item);
  }

  /**
   * Takes a flat list's children (`items`, the list part's own, in order) into chunks: each is
   * moved, not rebuilt, so the element the user is in keeps its focus, caret and typed input.
   */
  adopt(items: ChildPart[], dropPart: (part: ChildPart) => void): void {
    for (const item of items) this.place(undefined, item);
    this.settle(items, dropPart);
  }

  /** Moves every child back into the list's own part, in order (moved, not rebuilt); removes the chunks. */
  unchunk(dropPart: (part: ChildPart) => void): ChildPart[] {
    const first = this.chunks[0]?.outer;
    for (const item of this.items) insertPart(this.part, first, item);
    for (const chunk of this.chunks) dropPart(chunk.outer);
    this.chunks = [];
    return this.items;
  }

  /** Removes `item` (its element and markers). */
  drop(item: ChildPart, dropPart: (part: ChildPart) => void): void {
    const chunk = this.chunkOf.get(item);
    if (chunk !== undefined) chunk.count -= 1;
    this.chunkOf.delete(item);
    dropPart(item);
  }

  /** Ends an edit: `items` are the children in order; chunks grown past twice their size are split, empty ones go. */
  settle(items: ChildPart[], dropPart: (part: ChildPart) => void): void {
    this.items = items;
    for (let i = 0; i < items.length;) {
      const chunk = this.chunkOf.get(items[i]!)!;
      let end = i;
      while (end < items.length && this.chunkOf.get(items[end]!) === chunk) end += 1;
      if (end - i > 2 * CHUNK_SIZE) {
        let at = this.chunks.indexOf(chunk) + 1;
        for (let start = i + CHUNK_SIZE; start < end; start += CHUNK_SIZE, at += 1) {
          const fresh = this.open(at);
          for (let k = start; k < Math.min(end, start + CHUNK_SIZE); k += 1) this.into(fresh, undefined, items[k]);
        }
      }
      i = end;
    }
    for (const chunk of this.chunks.filter((c) => c.count === 0)) {
      this.chunks.splice(this.chunks.indexOf(chunk), 1);
      dropPart(chunk.outer);
    }
    setCommittedValue(
      this.part,
      this.chunks.map((chunk) => chunk.outer),
    );
  }

  /** True when a child placed before `next` (undefined: last) would sit at an end of `chunk`. */
  private atEdge(chunk: Chunk, next: ChildPart | undefined): boolean {
    return next === undefined || next.startNode?.previousSibling === chunk.inner.startNode;
  }

  /** A new, empty chunk at index `at` of the chunks. */
  private open(at: number): Chunk {
    // No element of ours: a plain box with no semantics (role none), styled as the list.
    const element = lightRoot(document.createElement('suip-chunk'), INLINE_STYLES['suip-chunk']);
    element.setAttribute('role', 'none');
    const outer = insertPart(this.part, this.chunks[at]?.outer);
    setChildPartValue(outer, element);
    // The children's parts live in the chunk; their host (event listeners' `this`) is the list's.
    // (Not `renderBefore`: that names a node of the list's own root.)
    const { host, creationScope } = this.part.options ?? {};
    const inner = render(nothing, element, { host, creationScope }) as ChildPart;
    enableAtomicMoves(element);
    const chunk: Chunk = { outer, inner, count: 0 };
    this.chunks.splice(at, 0, chunk);
    return chunk;
  }

  /** Places (creates or moves) a child into `chunk`, before `next` (undefined: last). */
  private into(chunk: Chunk, next: ChildPart | undefined, item: ChildPart | undefined): ChildPart {
    if (item !== undefined) {
      const was = this.chunkOf.get(item);
      if (was !== undefined) was.count -= 1;
    }
    const placed = insertPart(chunk.inner, next, item);
    this.chunkOf.set(placed, chunk);
    chunk.count += 1;
    return placed;
  }
}
