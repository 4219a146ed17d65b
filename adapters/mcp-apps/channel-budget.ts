import { MCP_APP_LIMITS } from '../../shared/neighbours/mcp-apps/constants.ts';
import { createRateBudget } from '../../shared/rate-budget.ts';

/** A fire-and-forget channel's budget: `take` says why a request is refused (undefined: go), `done` frees it. */
export interface ChannelBudget {
  take(): string | undefined;
  done(): void;
}

/**
 * One budget per fire-and-forget channel (message, open link, model context): a token-bucket rate
 * and one request in flight, so a program (or a view) in a loop cannot flood the host's
 * conversation or its link prompts. `take` returns why a request is refused, or undefined.
 */
export function createChannelBudget(what: string, now?: () => number): ChannelBudget {
  const rate = createRateBudget(MCP_APP_LIMITS.maxRequestsPerSecond, now);
  let busy = false;
  return {
    take() {
      if (busy) return `the previous ${what} is still with the host; wait until it is answered before sending another`;
      if (!rate.take())
        return (
          `more than ${MCP_APP_LIMITS.maxRequestsPerSecond} ${what} requests per second; ` +
          'send fewer (this one was dropped, not queued)'
        );
      busy = true;
      return undefined;
    },
    done() {
      busy = false;
    },
  };
}
