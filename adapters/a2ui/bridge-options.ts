import type { AdapterIssue } from '../kit/index.ts';
import type { A2uiOutgoing, A2uiVersion } from '../../shared/neighbours/a2ui/messages.ts';
import type { A2uiLimits } from './limits.ts';
import type { ActionResponse } from './v0-10.ts';

/** How a bridge talks to its host and its agent. */
export interface A2uiBridgeOptions {
  /** Client → server traffic (actions, errors) with its metadata; the transport is the host's. */
  send(out: A2uiOutgoing): void;
  /** A surface changed (a message, or a bound input wrote the model): translate and render it again. */
  onChange?(surfaceId: string): void;
  /** A surface was deleted. */
  onDelete?(surfaceId: string): void;
  /** `openUrl` goes through the host's link policy; without one it does nothing. */
  openUrl?(url: string): void;
  /** Locale for formatNumber, formatCurrency and pluralize. */
  locale?: string;
  limits?: Partial<A2uiLimits>;
  /**
   * `v0.9` (default) or `v0.10`. A v0.10 bridge still speaks v0.9 to a v0.9 agent (messages and
   * surfaces keep their version); v0.10 surfaces add `callFunction`, `actionResponse` for events
   * with `wantResponse` (the value kept at `responsePath`), `TextField.placeholder` and the v0.10
   * catalog ids.
   */
  version?: A2uiVersion;
  /** The heading level a surface's top A2UI heading renders at (the host page's own h1 sits above); default 2. */
  headingLevel?: number;
  /**
   * v0.10: the agent's `actionResponse` to an event sent with `wantResponse` (after its value is
   * kept at `responsePath`).
   */
  onActionResponse?(actionId: string, response: ActionResponse, surfaceId: string): void;
  /** The clock for action timestamps (tests pin it). */
  now?: () => Date;
  /**
   * Catalogs the host declares beside the standard ones (catalog documents: `catalogId`,
   * `components` and `functions` keyed by name, as an inline catalog). A surface may name any of
   * them; the components and functions the bridge cannot render are refused where they are used.
   */
  catalogs?: readonly unknown[];
}

/**
 * A problem with one incoming message, as sent back to the agent: the adapters' one issue shape,
 * with its surface and A2UI path always set.
 */
export type A2uiIssue = AdapterIssue & { adapter: 'a2ui'; surfaceId: string; path: string };
