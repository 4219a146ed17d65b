import type { Page } from '@playwright/test';

/** Everything a sandbox escape could change in the host, outside the renderer. */
export interface HostFingerprint {
  /** SHA-256 of the host DOM serialized with the renderer container emptied. */
  domHash: string;
  href: string;
  title: string;
  cookie: string;
  localStorage: string;
  sessionStorage: string;
  windowName: string;
  historyLength: number;
  /** The secret input's live value (a form field is state that outerHTML does not show). */
  secretValue: string;
}

/**
 * Fingerprint the host page outside `containerSelector` (the renderer's own subtree changes as
 * generators render; everything else must not). Compare two fingerprints with `toEqual`.
 */
export async function hostFingerprint(page: Page, containerSelector = '#renderer-container'): Promise<HostFingerprint> {
  return page.evaluate(async (selector) => {
    const clone = document.documentElement.cloneNode(true) as HTMLElement;
    const container = clone.querySelector(selector);
    if (container) container.replaceChildren();
    const html = clone.outerHTML;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(html));
    const domHash = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    const dump = (storage: Storage): string => JSON.stringify(Object.entries(storage).sort());
    const secret = document.querySelector<HTMLInputElement>('input[name="secret"]');
    return {
      domHash,
      href: location.href,
      title: document.title,
      cookie: document.cookie,
      localStorage: dump(localStorage),
      sessionStorage: dump(sessionStorage),
      windowName: window.name,
      historyLength: history.length,
      secretValue: secret?.value ?? '',
    };
  }, containerSelector);
}

/**
 * The renderer's DOM as one string, shadow roots included and Lit's comment markers left out, so
 * two readings are equal exactly when what the user sees (structure, attributes, text) is equal.
 */
export async function composedHtml(page: Page, selector = '#renderer-container'): Promise<string> {
  return page.evaluate((rootSelector) => {
    const out: string[] = [];
    const walk = (node: Node): void => {
      if (node.nodeType === Node.TEXT_NODE) {
        out.push(node.textContent ?? '');
        return;
      }
      if (node.nodeType !== Node.ELEMENT_NODE) return;
      const element = node as Element;
      const attributes = [...element.attributes].map((a) => `${a.name}="${a.value}"`).join(' ');
      out.push(`<${element.localName}${attributes ? ' ' + attributes : ''}>`);
      if (element.shadowRoot) {
        out.push('#shadow(');
        element.shadowRoot.childNodes.forEach(walk);
        out.push(')');
      }
      element.childNodes.forEach(walk);
      out.push(`</${element.localName}>`);
    };
    const root = document.querySelector(rootSelector);
    if (root) walk(root);
    return out.join('');
  }, selector);
}
