import { defineType, ex, otherChildren, textRole } from '../define.ts';

/** `card`: a self-contained block of related content, rendered as an `<article>`. */
export const card = defineType({
  type: 'card',
  category: 'layout',
  description: 'A self-contained block of related content (an article): an optional title, then any children in order.',
  roles: [textRole('title', 'Heading of the card, plain text.'), otherChildren('any', 'The content, in order.')],
  events: [],
  example: ex.group('card', [
    ['title', ex.plain('Weather in Paris')],
    ['body', ex.text('Mostly **sunny**, 21 °C. Light wind from the west.')],
  ]),
});
