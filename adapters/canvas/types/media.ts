import { mediaMimeOfUrl } from '../../../core/policy/mime.ts';
import { g, opt, plain, toText } from '../particles.ts';
import { titled } from './data-display.ts';
import type { Mapper } from './mapper.ts';

/** `image` {title, src, caption, alt} → image (alt defaults to the title; the host's media policy decides the src). */
export const image: Mapper = (d) => {
  const src = toText(d.src);
  return g('image', [
    ['src', { data: src, mimeType: mediaMimeOfUrl(src, 'image', 'image/png') }],
    ['alt', plain(toText(d.alt) || toText(d.title) || 'image')],
    ['caption', opt(d.caption ?? d.title)],
  ]);
};

/** `video` {title, src, caption} → video. */
export const video: Mapper = (d) => {
  const src = toText(d.src);
  return g('video', [
    ['src', { data: src, mimeType: mediaMimeOfUrl(src, 'video') }],
    ['title', plain(toText(d.title) || 'video')],
    ['caption', opt(d.caption)],
  ]);
};

/** `link-card` {title, desc, url, icon} → link-card{url, title, description} (URL policy applies). */
export const linkCard: Mapper = (d) =>
  g('link-card', [
    ['url', { data: toText(d.url), mimeType: 'text/html' }],
    ['title', plain(titled(d.title, d.icon) || toText(d.url) || 'link')],
    ['description', opt(d.desc)],
  ]);

/** `weather` {icon, city, temp, condition} → card{title = city, stats{stat temp}, body condition}. */
export const weather: Mapper = (d) => {
  const temp = typeof d.temp === 'number' ? `${d.temp} °` : toText(d.temp);
  return g('card', [
    ['title', plain(titled(d.city, d.icon) || 'Weather')],
    [
      'now',
      g('stats', [
        [
          'temp',
          g('stat', [
            ['label', plain('Temperature')],
            ['value', plain(temp || '–')],
          ]),
        ],
      ]),
    ],
    ['body', opt(d.condition)],
  ]);
};
