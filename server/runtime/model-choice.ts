import { RpcError } from '../../adapters/runtime-ui/rpc-peer.ts';
import { RpcErrorCode, type ParamsOf, type ResultOf } from '../../shared/neighbours/runtime-ui/schemas.ts';

/**
 * The model this runtime process asks (`model.list` / `model.set`): the endpoint's model first,
 * then the models offered; a name outside them is refused with -32602.
 */
export class ModelChoice {
  #current: string;
  readonly #endpointModel: string;
  readonly #offered: readonly string[];

  constructor(endpointModel: string, offered: readonly string[]) {
    this.#current = endpointModel;
    this.#endpointModel = endpointModel;
    this.#offered = offered;
  }

  /** The model the next run asks. */
  get current(): string {
    return this.#current;
  }

  /** `model.list`: the current model first, each name once. */
  list(): ResultOf<'model.list'> {
    return { provider: 'openai', models: [...new Set([this.#current, ...this.#offered])], current: this.#current };
  }

  /** `model.set`: switches to an offered model (or back to the endpoint's). */
  set(params: ParamsOf<'model.set'>): ResultOf<'model.set'> {
    if (!this.#offered.includes(params.name) && params.name !== this.#endpointModel)
      throw new RpcError(RpcErrorCode.InvalidParams, `unknown model ${params.name}; model.list names the models`);
    this.#current = params.name;
    return { provider: params.provider ?? 'openai', name: this.#current };
  }
}
