import type { Page } from '@playwright/test';

/** One window message that arrived in a renderer's sandbox document (see `relay-spy.ts`). */
export interface SpiedMessage {
  /** `performance.timeOrigin` of the receiving document: distinct per document, so a frame that navigated shows two. */
  documentId: number;
  fromParent: boolean;
  ports: number;
  /** `JSON.stringify(event.data)`, cut to 200 characters. */
  data: string;
}

/**
 * Collect what the relay spy (mount with `spyRelay: true`) reports: every window message that
 * reached any sandbox document of the renderer, including documents it navigated to. Call before
 * `mountRenderer`.
 */
export async function spyOnSandboxMessages(page: Page): Promise<SpiedMessage[]> {
  const seen: SpiedMessage[] = [];
  await page.exposeBinding('__suipSpyReport', (_source, message: SpiedMessage) => {
    seen.push(message);
  });
  return seen;
}
