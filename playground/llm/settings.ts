import type { EndpointSettings } from '../../generator/model/chat-client.ts';

const KEY = 'suip.playground.llm';

/** Defaults for a local OpenAI-compatible server (llama.cpp, Ollama, vLLM all serve `/v1`). */
export const DEFAULT_ENDPOINT: EndpointSettings = { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5-coder', apiKey: '' };

/**
 * Endpoint settings live in `sessionStorage` only: the API key must not outlive the tab, and is
 * never written to `localStorage`, cookies or the URL.
 */
export function loadEndpoint(storage: Storage | undefined = globalThis.sessionStorage): EndpointSettings {
  try {
    const raw = storage?.getItem(KEY);
    if (raw == null) return { ...DEFAULT_ENDPOINT };
    const value = JSON.parse(raw) as Partial<EndpointSettings>;
    return {
      baseUrl: typeof value.baseUrl === 'string' ? value.baseUrl : DEFAULT_ENDPOINT.baseUrl,
      model: typeof value.model === 'string' ? value.model : DEFAULT_ENDPOINT.model,
      apiKey: typeof value.apiKey === 'string' ? value.apiKey : '',
    };
  } catch {
    return { ...DEFAULT_ENDPOINT };
  }
}

/** Saves endpoint settings for this tab only (see `loadEndpoint`). */
export function saveEndpoint(settings: EndpointSettings, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage can be full or disabled; the settings then last as long as the form.
  }
}
