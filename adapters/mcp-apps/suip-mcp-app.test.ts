import { afterEach, describe, expect, it, vi } from 'vitest';

describe('<suip-mcp-app> registration', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('imports in Node without a DOM (no HTMLElement, no customElements) and registers nothing there', async () => {
    const module = await import('./index.ts');
    expect(typeof module.defineSuipMcpApp).toBe('function');
    expect(typeof module.SuipMcpApp).toBe('function');
  });

  it(
    'defineSuipMcpApp registers the element explicitly, once per name: a ' +
      'page importing only the types still gets it by calling it',
    async () => {
      const registry = new Map<string, CustomElementConstructor>();
      vi.stubGlobal('HTMLElement', class {});
      vi.stubGlobal('customElements', {
        get: (name: string) => registry.get(name),
        define: (name: string, element: CustomElementConstructor) => registry.set(name, element),
      });
      const { defineSuipMcpApp, SuipMcpApp } = await import('./suip-mcp-app.ts');
      // The module's own registration (for pages that import it for that), of the class itself: a
      // page that builds the element with `new SuipMcpApp()` needs that class registered.
      expect(registry.get('suip-mcp-app')).toBe(SuipMcpApp);
      const first = registry.get('suip-mcp-app');
      defineSuipMcpApp();
      expect(registry.get('suip-mcp-app')).toBe(first);
      defineSuipMcpApp('my-app-view');
      expect(registry.get('my-app-view')?.prototype).toBeInstanceOf(SuipMcpApp);
      expect(typeof (registry.get('my-app-view')?.prototype as { show?: unknown } | undefined)?.show).toBe('function');
    },
  );
});
