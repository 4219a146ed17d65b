import type { EndpointSettings } from '../../generator/model/chat-client.ts';
import { DEMO_BASE_URL } from './demo-model.ts';

const KEY = 'suip.playground.llm';

/**
 * The default is the built-in demo model (`demo:`: recorded answers, offline, no key), so the
 * panel works on a fresh machine; any OpenAI-compatible URL replaces it (OpenAI, or a local
 * llama.cpp / Ollama / vLLM server at e.g. `http://127.0.0.1:11434/v1`).
 */
export const DEFAULT_ENDPOINT: EndpointSettings = { baseUrl: DEMO_BASE_URL, model: 'recorded', apiKey: '' };

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
export function saveEndpoint(
  settings: EndpointSettings,
  storage: Storage | undefined = globalThis.sessionStorage,
): void {
  try {
    storage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage can be full or disabled; the settings then last as long as the form.
  }
}
