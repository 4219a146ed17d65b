/** The A2UI protocol version the bridge speaks; v0.10 adds callFunction, actionResponse and surfaceProperties. */
export type A2uiVersion = 'v0.9' | 'v0.10';

/** The v0.9 basic catalog's id (18 components, 14 functions). */
export const BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
/** The v0.9 minimal catalog's id (Text, Row, Column, Button, TextField and the function capitalize). */
export const MINIMAL_CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json';
/** The v0.10 basic catalog's id (v0.9's components and functions, with TextField.placeholder and Video.posterUrl). */
export const BASIC_CATALOG_ID_V0_10 = 'https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json';
/** The v0.10 minimal catalog's id. */
export const MINIMAL_CATALOG_ID_V0_10 = 'https://a2ui.org/specification/v0_10/catalogs/minimal/catalog.json';

/** A client → server message (`action` or `error`), shaped by the corpus's client_to_server.json. */
export type A2uiClientMessage =
  | {
      version: A2uiVersion;
      action: {
        name: string;
        surfaceId: string;
        sourceComponentId: string;
        timestamp: string;
        context: Record<string, unknown>;
        actionId?: string;
        wantResponse?: boolean;
      };
    }
  | {
      version: A2uiVersion;
      error: { code: string; surfaceId?: string; functionCallId?: string; path?: string; message: string };
    }
  | { version: A2uiVersion; functionResponse: { functionCallId: string; call: string; value: unknown } };

/** `a2uiClientDataModel` metadata (client_data_model.json), sent with actions of `sendDataModel` surfaces. */
export interface A2uiClientDataModel {
  version: A2uiVersion;
  surfaces: Record<string, unknown>;
}

/** `a2uiClientCapabilities` metadata (client_capabilities.json). */
export type A2uiClientCapabilities = Record<string, { supportedCatalogIds: string[] }>;

/** What the bridge hands its transport: the message and the transport metadata that goes with it. */
export interface A2uiOutgoing {
  message: A2uiClientMessage;
  metadata?: { a2uiClientDataModel?: A2uiClientDataModel };
}
