import { Type, type Static } from '@sinclair/typebox';

/**
 * GenUI v1.0 (seed 000, the client-server protocol) as TypeBox schemas: one source of truth for
 * the server's request check, the client's chunk check and the types of both. Extra members are
 * allowed where the seed allows them (its JSON Schemas never say `additionalProperties: false`);
 * string lengths and list sizes are bounded here because the seed leaves them open.
 */

/** The protocol version this adapter speaks. */
export const GENUI_PROTOCOL_VERSION = '1.0';
/** The one base catalog (the suip vocabulary projected into GenUI form) and its versions. */
export const SUPPORTED_CATALOGS = [{ name: 'default', versions: ['1.0'] }] as const;

const Id = Type.String({ maxLength: 256 });
/** A widget entry of a surface definition: `{id, widget: {"<Name>": {props}}}` (single-key form, §3.2). */
export const WidgetEntry = Type.Object({ id: Id, widget: Type.Object({}) });
export type WidgetEntry = Static<typeof WidgetEntry>;

/** A surface definition as the model sends it (`surfaceId` optional) or as history holds it. */
export const UiDefinition = Type.Object({
  surfaceId: Type.Optional(Id),
  root: Id,
  widgets: Type.Array(Type.Object({}), { maxItems: 100_000 }),
});
export type UiDefinition = Static<typeof UiDefinition>;

/** `{type: "text", text}`. */
export const TextPart = Type.Object({ type: Type.Literal('text'), text: Type.String() });
/** `{type: "image", base64?, mimeType?, url?}`. */
export const ImagePart = Type.Object({
  type: Type.Literal('image'),
  base64: Type.Optional(Type.String()),
  mimeType: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
});
/** `{type: "ui", definition}`: the final state of one surface, written by the client into history. */
export const UiPart = Type.Object({
  type: Type.Literal('ui'),
  definition: Type.Intersect([UiDefinition, Type.Object({ surfaceId: Id })]),
});
/** What the user did on a surface. `isAction` decides whether a new POST goes out. */
export const UiEvent = Type.Object({
  surfaceId: Id,
  widgetId: Id,
  eventType: Type.String({ maxLength: 64 }),
  isAction: Type.Boolean(),
  value: Type.Optional(Type.Unknown()),
  timestamp: Type.String({ maxLength: 64 }),
});
export type UiEvent = Static<typeof UiEvent>;
/** `{type: "uiEvent", event}`. */
export const UiEventPart = Type.Object({ type: Type.Literal('uiEvent'), event: UiEvent });
/** One part of a message. */
export const MessagePart = Type.Union([TextPart, ImagePart, UiPart, UiEventPart]);
export type MessagePart = Static<typeof MessagePart>;
/** One message of the client-held conversation. */
export const GenuiClientMessage = Type.Object({
  role: Type.Union([Type.Literal('user'), Type.Literal('model')]),
  parts: Type.Array(MessagePart, { maxItems: 10_000 }),
});
export type GenuiClientMessage = Static<typeof GenuiClientMessage>;

/** `catalogDefinition`: the protocol version, the base catalog, extra client widgets (a JSON Schema). */
export const CatalogDefinition = Type.Object({
  protocolVersion: Type.String({ maxLength: 32 }),
  baseCatalog: Type.Optional(
    Type.Object({ name: Type.String({ maxLength: 256 }), version: Type.String({ maxLength: 64 }) }),
  ),
  augmentations: Type.Optional(Type.Object({})),
});
export type CatalogDefinition = Static<typeof CatalogDefinition>;

/** The body of `POST /genUI?stream=true`. `suip.progressive` is suip's opt-in extension (§3.3). */
export const GenuiRequest = Type.Object({
  catalogDefinition: CatalogDefinition,
  conversation: Type.Array(GenuiClientMessage, { maxItems: 10_000 }),
  suip: Type.Optional(Type.Object({ progressive: Type.Optional(Type.Boolean()) })),
});
export type GenuiRequest = Static<typeof GenuiRequest>;

/** Stream chunk: add a surface or replace it whole (the canonical UI state). */
export const AddOrUpdateSurfaceChunk = Type.Object({
  addOrUpdateSurface: Type.Object({
    surfaceId: Id,
    definition: Type.Object({ root: Id, widgets: Type.Array(WidgetEntry, { maxItems: 100_000 }) }),
  }),
});
export type AddOrUpdateSurfaceChunk = Static<typeof AddOrUpdateSurfaceChunk>;
/** Stream chunk: remove a surface. */
export const DeleteSurfaceChunk = Type.Object({ deleteSurface: Type.Object({ surfaceId: Id }) });
/** Stream chunk: a piece of the model's text. */
export const TextChunk = Type.Object({ text: Type.String() });
/** Stream chunk (last): the complete text; ends the turn. */
export const MessageChunk = Type.Object({
  message: Type.Object({ role: Type.Literal('model'), parts: Type.Array(TextPart) }),
});
/**
 * suip's extension (only to a client that sent `"suip": {"progressive": true}`): an
 * `addOrUpdateSurface` of a surface the model is still writing. It is a valid seed chunk; the
 * `suip.preview` member says it is not yet the surface's state (not recorded in history).
 */
export const PreviewChunk = Type.Intersect([
  AddOrUpdateSurfaceChunk,
  Type.Object({ suip: Type.Object({ preview: Type.Literal(true) }) }),
]);
export type PreviewChunk = Static<typeof PreviewChunk>;
/**
 * suip's extension: the preview of this surface is withdrawn (its command was refused or cut); the committed state
 * shows again.
 */
export const DropPreviewChunk = Type.Object({ suip: Type.Object({ dropPreview: Id }) });
export type DropPreviewChunk = Static<typeof DropPreviewChunk>;

/** Any chunk of the response stream. */
export const GenuiChunk = Type.Union([AddOrUpdateSurfaceChunk, DeleteSurfaceChunk, TextChunk, MessageChunk]);
export type GenuiChunk = Static<typeof GenuiChunk>;

/**
 * The error codes of the envelope: the seed's one, and suip's for the errors the seed does not name
 * (§3.4): the request's (400, 413), no model configured (503), and the model failing before the
 * first chunk (504 `model_timeout`; 502 for the others).
 */
export const GENUI_ERROR_CODES = [
  'unsupported_catalog_version',
  'unsupported_protocol_version',
  'invalid_request',
  'body_too_large',
  'model_not_configured',
  'model_timeout',
  'model_http_error',
  'model_unreachable',
  'model_stream_error',
] as const;
export type GenuiErrorCode = (typeof GENUI_ERROR_CODES)[number];
/**
 * The error envelope: the seed's schema, `supportedCatalogs` always present so every error body validates against it.
 */
export const GenuiErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    supportedCatalogs: Type.Array(Type.Object({ name: Type.String(), versions: Type.Array(Type.String()) })),
  }),
});
export type GenuiErrorBody = Static<typeof GenuiErrorBody>;
