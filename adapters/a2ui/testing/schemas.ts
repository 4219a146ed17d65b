import { Ajv2020 } from 'ajv/dist/2020.js';
import { loadSchema } from './corpus.ts';

/**
 * Ajv (2020-12 build, as the corpus's schemas declare) over the A2UI client → server schemas.
 * ajv-formats is not installed, so `format: date-time` is checked by the tests themselves.
 */
export function a2uiValidators() {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const compile = (name: string) => {
    const validate = ajv.compile(loadSchema(name));
    return (value: unknown): string[] => (validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
  };
  return {
    clientToServer: compile('client_to_server.json'),
    clientDataModel: compile('client_data_model.json'),
    clientCapabilities: compile('client_capabilities.json'),
  };
}
