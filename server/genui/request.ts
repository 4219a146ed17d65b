import type { IncomingMessage } from 'node:http';
import { measureJson } from '../../shared/json-shape.ts';
import { compile } from '../../shared/index.ts';
import { readBody } from '../http/http-io.ts';
import {
  GENUI_PROTOCOL_VERSION,
  GenuiRequest,
  SUPPORTED_CATALOGS,
  type GenuiErrorBody,
} from '../../shared/neighbours/genui-v1/schemas.ts';

/** A request that passed every check, or the status and the seed's error envelope to answer with. */
export type RequestCheck = { ok: true; value: GenuiRequest } | { ok: false; status: number; body: GenuiErrorBody };

const requestCheck = compile(GenuiRequest);

/** The error envelope; `supportedCatalogs` is always there, so every error body has the seed's shape (§3.4). */
export function errorBody(code: string, message: string): GenuiErrorBody {
  return {
    error: {
      code,
      message,
      supportedCatalogs: SUPPORTED_CATALOGS.map((c) => ({ name: c.name, versions: [...c.versions] })),
    },
  };
}

/**
 * Reads and checks `POST /genUI`, cheapest check first and nothing parsed before it is bounded:
 * `stream=true`, the content type, the byte limit (413 without buffering the rest), the JSON's
 * nesting (scanned before JSON.parse), the schema, the protocol version, then catalog negotiation
 * (an absent `baseCatalog` means default@1.0; anything else is the seed's
 * `unsupported_catalog_version`).
 */
export async function readGenuiRequest(request: IncomingMessage, url: URL, limit: number): Promise<RequestCheck> {
  const fail = (status: number, code: string, message: string): RequestCheck => ({
    ok: false,
    status,
    body: errorBody(code, message),
  });
  if (url.searchParams.get('stream') !== 'true')
    return fail(
      400,
      'invalid_request',
      'POST /genUI needs the query parameter stream=true (only streaming responses exist)',
    );
  const type = String(request.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type))
    return fail(
      400,
      'invalid_request',
      `Content-Type must be application/json (got ${JSON.stringify(type.slice(0, 60))})`,
    );
  const text = await readBody(request, limit);
  if (text === undefined)
    return fail(
      413,
      'body_too_large',
      `the body is larger than ${limit} bytes; send a compacted conversation (the newest ui part per surface only)`,
    );
  const shape = measureJson(text, 128);
  if (shape.truncated) return fail(400, 'invalid_request', 'the body nests deeper than 128 levels');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail(400, 'invalid_request', 'the body is not JSON');
  }
  if (!requestCheck.check(value))
    return fail(400, 'invalid_request', `the body is not a GenUI v1.0 request: ${requestCheck.firstError(value)}`);
  const { protocolVersion, baseCatalog } = value.catalogDefinition;
  if (protocolVersion !== GENUI_PROTOCOL_VERSION)
    return fail(
      400,
      'unsupported_protocol_version',
      `protocolVersion ${JSON.stringify(protocolVersion.slice(0, 32))} is not supported; this server speaks "1.0"`,
    );
  if (
    baseCatalog !== undefined &&
    !SUPPORTED_CATALOGS.some(
      (c) => c.name === baseCatalog.name && (c.versions as readonly string[]).includes(baseCatalog.version),
    )
  ) {
    return fail(
      400,
      'unsupported_catalog_version',
      `the catalog ${JSON.stringify(baseCatalog.name.slice(0, 60))} ` +
        `version ${JSON.stringify(baseCatalog.version.slice(0, 20))} is not supported`,
    );
  }
  return { ok: true, value };
}
