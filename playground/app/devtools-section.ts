import { html } from 'lit';
import { glyph } from './glyph.ts';
import type { PlaygroundHost, SlotId } from './playground-host.ts';

/** The devtools' panels: the op log, the tree inspector and the event log. */
export type DevtoolsTab = 'ops' | 'tree' | 'events';

/** What the devtools section shows and what its controls do (the app's state and actions). */
export interface DevtoolsView {
  host: PlaygroundHost;
  open: boolean;
  tab: DevtoolsTab;
  revision: number;
  notice: string;
  /** The slots the mode runs (the error counter sums theirs). */
  activeSlots: readonly SlotId[];
  setOpen(open: boolean): void;
  selectTab(tab: DevtoolsTab): void;
  exportFixture(): void;
  replayFile(event: Event): void;
}

/** The devtools section: its toggle, the counters, the tabs, the fixture buttons and the panels. */
export function renderDevtools(view: DevtoolsView) {
  return html`
<section class="devtools" aria-label="Devtools">
  <div class="devtools-head">
    <button type="button" class="toggle" aria-expanded=${view.open ? 'true' : 'false'} aria-controls="devtools-panels" @click=${() => view.setOpen(!view.open)} title=${view.open ? 'Hide the devtools (the stage gets the height)' : 'Show the op log, tree and events'}>${glyph(view.open ? 'M6 9l6 6 6-6' : 'M18 15l-6-6-6 6')}Devtools</button>
    <pg-counters title="Since the last run started" .counters=${{ ...view.host.log.counters(performance.now()), errors: view.activeSlots.reduce((sum, slot) => sum + (view.host.errors.get(slot)?.length ?? 0), 0) }} .lastTransactionMs=${view.host.lastTransactionMs}></pg-counters>
    <div class="tabs" role="tablist" aria-label="Devtools panels">
      ${(['ops', 'tree', 'events'] as const).map((tab) => html`<button type="button" role="tab" id=${`tab-${tab}`} aria-controls=${`panel-${tab}`} data-tab=${tab} aria-selected=${view.open && tab === view.tab} @click=${() => view.selectTab(tab)}>${{ ops: 'Op log', tree: 'Tree', events: 'Events' }[tab]}</button>`)}
    </div>
  </div>
  <span class="notice" role="status" data-testid="notice">${view.notice}</span>
  <div class="panels" id="devtools-panels" ?hidden=${!view.open}>
    <div class="fixtures">
      <button type="button" @click=${view.exportFixture}>Export fixture</button>
      <label class="file">Replay fixture<input type="file" accept="application/json,.json" aria-label="Replay fixture" @change=${view.replayFile} /></label>
    </div>
    <pg-op-log id="panel-ops" role="tabpanel" aria-labelledby="tab-ops" ?hidden=${view.tab !== 'ops'} .entries=${view.host.log.entries} .generators=${[...view.host.status.keys()]} .revision=${view.revision}></pg-op-log>
    <pg-tree-inspector id="panel-tree" role="tabpanel" aria-labelledby="tab-tree" ?hidden=${view.tab !== 'tree'} .tree=${view.open && view.tab === 'tree' ? view.host.snapshot() : undefined} .mirror=${view.host.mirror.tree} .revision=${view.revision}></pg-tree-inspector>
    <pg-event-log id="panel-events" role="tabpanel" aria-labelledby="tab-events" ?hidden=${view.tab !== 'events'} .entries=${view.host.log.entries} .revision=${view.revision}></pg-event-log>
  </div>
</section>
  `;
}
