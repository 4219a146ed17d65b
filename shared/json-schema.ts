import type { TSchema } from '@sinclair/typebox';
import { SuipErrorObject } from './error.ts';
import { EventParams } from './event.ts';
import { DataParams } from './data-plane.ts';
import { DialogParams, DialogResult } from './dialog.ts';
import { EffectivePolicy } from './effective-policy.ts';
import { HostContext, InitializeParams, InitializeResult, VocabularyEntry } from './handshake.ts';
import { Limits } from './limits.ts';
import { Method } from './methods.ts';
import { OpParams } from './ops.ts';
import { DataParticle, EventHandler, Particle, TextParticle } from './particle.ts';
import { PROTOCOL_VERSION } from './version.ts';

const DEFS: Record<string, TSchema> = {
  Particle,
  TextParticle,
  DataParticle,
  EventHandler,
  AppendParams: OpParams.append,
  InsertParams: OpParams.insert,
  RemoveParams: OpParams.remove,
  ReplaceParams: OpParams.replace,
  EventParams,
  SuipError: SuipErrorObject,
  InitializeParams,
  InitializeResult,
  VocabularyEntry,
  HostContext,
  EffectivePolicy,
  Limits,
  DataParams,
  DialogParams,
  DialogResult,
};

/**
 * The whole wire as one JSON Schema (2020-12) document, derived from the same TypeBox schemas the
 * validators compile: `$defs` per shape, and `methods` mapping each method to its params' `$ref`.
 * Embedded copies of a named schema become `$ref`s so each `$id` appears once.
 */
export function wireJsonSchema(): Record<string, unknown> {
  const names = new Set(Object.keys(DEFS));
  const $defs: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(DEFS)) $defs[name] = refify(schema, names, true);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `SUIP wire protocol ${PROTOCOL_VERSION}`,
    $defs,
    methods: {
      [Method.initialize]: { params: ref('InitializeParams'), result: ref('InitializeResult') },
      [Method.initialized]: { params: { type: 'object' } },
      [Method.append]: { params: ref('AppendParams') },
      [Method.insert]: { params: ref('InsertParams') },
      [Method.remove]: { params: ref('RemoveParams') },
      [Method.replace]: { params: ref('ReplaceParams') },
      [Method.event]: { params: ref('EventParams') },
      [Method.error]: { params: ref('SuipError') },
      [Method.shutdown]: { params: { type: 'object' } },
      [Method.input]: { params: ref('DataParams') },
      [Method.output]: { params: ref('DataParams') },
      [Method.dialog]: { params: ref('DialogParams'), result: ref('DialogResult') },
    },
  };
}

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });

function refify(node: unknown, names: ReadonlySet<string>, top: boolean): unknown {
  if (Array.isArray(node)) return node.map((child) => refify(child, names, false));
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, unknown>;
  if (!top && typeof record.$id === 'string' && names.has(record.$id)) return ref(record.$id);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === '$id') continue;
    out[key] =
      key === '$ref' && typeof value === 'string' && names.has(value)
        ? `#/$defs/${value}`
        : refify(value, names, false);
  }
  // TypeBox writes tuples the draft-07 way (`items: [...]`, `additionalItems`); 2020-12 spells them
  // `prefixItems` + `items: false`, and a 2020-12 validator rejects the array form of `items`.
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    out.items = out.additionalItems ?? false;
    delete out.additionalItems;
  }
  return out;
}
