import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SuipView } from './index.ts';

describe('suip/react on the server', () => {
  it('renders an empty box and touches no DOM (Node has none): the renderer loads only in the browser', () => {
    expect(typeof document).toBe('undefined');
    const html = renderToString(createElement(SuipView, { code: 'suip.render(suip.text("hi"))', className: 'ui' }));
    expect(html).toBe('<div class="ui" data-suip-status="idle"></div>');
  });
});
