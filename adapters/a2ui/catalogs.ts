import { BASIC_COMPONENTS } from './components.ts';
import {
  BASIC_FUNCTION_NAMES,
  MINIMAL_FUNCTION_NAMES,
  SERVED_FUNCTION_NAMES,
  STANDARD_EXTRA_NAMES,
} from './functions.ts';
import { isReservedSegment } from './json-pointer.ts';
import { A2uiError } from './limits.ts';
import {
  BASIC_CATALOG_ID,
  BASIC_CATALOG_ID_V0_10,
  MINIMAL_CATALOG_ID,
  MINIMAL_CATALOG_ID_V0_10,
  type A2uiVersion,
} from '../../shared/neighbours/a2ui/messages.ts';

/** A catalog as the bridge uses it: its id, and the names of its components and functions. */
export interface A2uiCatalog {
  catalogId: string;
  components: ReadonlySet<string>;
  functions: ReadonlySet<string>;
}

const MINIMAL_COMPONENTS = ['Text', 'Row', 'Column', 'Button', 'TextField'];
/** The basic catalog's functions: its document's 14, and the standard ones web_core registers beside them. */
const BASIC_FUNCTIONS = [...BASIC_FUNCTION_NAMES, ...STANDARD_EXTRA_NAMES];
const catalog = (catalogId: string, components: readonly string[], functions: readonly string[]): A2uiCatalog => ({
  catalogId,
  components: new Set(components),
  functions: new Set(functions),
});

/** The standard catalogs each version knows by id (the minimal one is a subset of basic plus `capitalize`). */
export const STANDARD_CATALOGS: Readonly<Record<A2uiVersion, readonly A2uiCatalog[]>> = {
  'v0.9': [
    catalog(BASIC_CATALOG_ID, BASIC_COMPONENTS, BASIC_FUNCTIONS),
    catalog(MINIMAL_CATALOG_ID, MINIMAL_COMPONENTS, MINIMAL_FUNCTION_NAMES),
  ],
  'v0.10': [
    catalog(BASIC_CATALOG_ID_V0_10, BASIC_COMPONENTS, BASIC_FUNCTIONS),
    catalog(MINIMAL_CATALOG_ID_V0_10, MINIMAL_COMPONENTS, MINIMAL_FUNCTION_NAMES),
  ],
};

/** Most components or functions one declared catalog may name. */
const MAX_NAMES = 1000;

function names(value: unknown, field: 'components' | 'functions', at: string): string[] {
  // A catalog document keys its components and functions by name; a list of {name} is accepted too.
  const list = Array.isArray(value)
    ? value.map((entry: unknown) => (typeof entry === 'string' ? entry : (entry as { name?: unknown } | null)?.name))
    : typeof value === 'object' && value !== null
      ? Object.keys(value)
      : value === undefined
        ? []
        : undefined;
  if (list === undefined)
    throw new A2uiError(
      'VALIDATION_FAILED',
      `${at}/${field}`,
      `a catalog's "${field}" is an object keyed by name (as in catalog.json) or a list of names`,
    );
  if (list.length > MAX_NAMES)
    throw new A2uiError(
      'LIMIT_EXCEEDED',
      `${at}/${field}`,
      `a catalog names at most ${MAX_NAMES} ${field}; this one has ${list.length}`,
    );
  return list.map((name, i) => {
    if (typeof name !== 'string' || name === '' || name.length > 128 || isReservedSegment(name))
      throw new A2uiError(
        'VALIDATION_FAILED',
        `${at}/${field}/${i}`,
        `${field} entry ${i} needs a name: a non-empty string of at most 128 characters`,
      );
    return name;
  });
}

/**
 * Reads a catalog the host declares (an inline catalog document: `catalogId`, `components` and
 * `functions` keyed by name). It is accepted whatever it names; `unservable` tells what the bridge
 * cannot render in it, and those parts are refused where a surface uses them.
 */
export function declaredCatalog(document: unknown, at = '/catalogs'): A2uiCatalog {
  const doc =
    typeof document === 'object' && document !== null && !Array.isArray(document)
      ? (document as Record<string, unknown>)
      : undefined;
  if (doc === undefined || typeof doc.catalogId !== 'string' || doc.catalogId === '' || doc.catalogId.length > 2048) {
    throw new A2uiError(
      'VALIDATION_FAILED',
      `${at}/catalogId`,
      'a declared catalog is an object with "catalogId" (a string of at most 2048 characters), ' +
        '"components" and "functions"',
    );
  }
  return catalog(doc.catalogId, names(doc.components, 'components', at), names(doc.functions, 'functions', at));
}

/** The components and functions of a catalog the bridge cannot serve (empty lists: all of it renders). */
export function unservable(c: A2uiCatalog): { components: string[]; functions: string[] } {
  const served = new Set(BASIC_COMPONENTS);
  return {
    components: [...c.components].filter((n) => !served.has(n)),
    functions: [...c.functions].filter((n) => !SERVED_FUNCTION_NAMES.has(n)),
  };
}
