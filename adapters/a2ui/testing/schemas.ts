import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_DIR, loadSchema } from './corpus.ts';

/**
 * Ajv (2020-12 build, as the corpus's schemas declare) over the A2UI client → server schemas.
 * ajv-formats is not installed, so `format: date-time` is checked by the tests themselves.
 */
export function a2uiValidators() {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const compile = (name: string) => {
    const validate = ajv.compile(loadSchema(name));
    return (value: unknown): string[] =>
      validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
  };
  return {
    clientToServer: compile('client_to_server.json'),
    clientDataModel: compile('client_data_model.json'),
    clientCapabilities: compile('client_capabilities.json'),
  };
}

/** The same over the v0.10 client → server schemas (`examples/a2ui/v0_10/`, google/A2UI `specification/v0_10/json`). */
export function a2uiValidatorsV010() {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const load = (name: string) =>
    JSON.parse(readFileSync(join(CORPUS_DIR, 'v0_10', name), 'utf8')) as Record<string, unknown>;
  ajv.addSchema(load('common_types.json'));
  const compile = (name: string) => {
    const validate = ajv.compile(load(name));
    return (value: unknown): string[] =>
      validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
  };
  return {
    clientToServer: compile('client_to_server.json'),
    clientDataModel: compile('client_data_model.json'),
    clientCapabilities: compile('client_capabilities.json'),
  };
}
