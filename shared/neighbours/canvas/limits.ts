/**
 * The canvas's bounds, one place. The seed's own limits (widget id, 50 KB of html + css, 30
 * defined types) plus the ones it leaves open, chosen so a hostile agent cannot hurt the host.
 */
export const CANVAS_LIMITS = Object.freeze({
  /** UTF-8 bytes of one op as JSON or TOON text (checked before parsing). */
  maxOpBytes: 256 * 1024,
  /** Depth of an op's JSON (checked before parsing). */
  maxOpDepth: 32,
  /** Live components on one canvas. */
  maxComponents: 500,
  /** Items of any one list in a built-in's data (rows, items, slices …); more are cut with a visible note. */
  maxItems: 200,
  /** Seed: html + css of one `define`. */
  maxDefineBytes: 50 * 1024,
  /** Seed: defined widget types per canvas. */
  maxDefines: 30,
  /** Live custom-widget instances (each one an iframe + Worker). */
  maxInstances: 16,
  /** Characters of one `js` handler body. */
  maxJsBytes: 64 * 1024,
  /** Elements one template render may produce. */
  maxTemplateNodes: 2000,
  /** Nesting of `{{#each}}` / `{{#if}}` blocks and of HTML elements in a template. */
  maxTemplateDepth: 24,
  /** Characters of one buffered fence or TOON block before it is dropped. */
  maxBlockChars: 256 * 1024,
});

/** Seed: widget type ids are 2–49 characters `[a-z][a-z0-9-]+`. */
export const WIDGET_ID_PATTERN = '^[a-z][a-z0-9-]{1,48}$';
/** Component ids: meaningful, bounded, safe as particle ids. */
export const COMPONENT_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$';
