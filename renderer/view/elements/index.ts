/**
 * Registers the elements a first program is made of (text, data, plain groups, the fallback, the
 * layout containers and slots) and the tags of the rest: charts, code, media and tables (lazy-elements.ts)
 * and every other type (first-use-elements.ts) load the first time one of them renders.
 */
import '../suip-text.ts';
import '../suip-data.ts';
import '../suip-group.ts';
import '../suip-unknown.ts';
import './lazy-elements.ts';
import './suip-card.ts';
import './suip-column.ts';
import './suip-divider.ts';
import './suip-grid.ts';
import './suip-list.ts';
import './suip-row.ts';
import './suip-section.ts';
import './suip-slot.ts';
import { deferUndefinedElements } from '../elements-on-first-use.ts';

deferUndefinedElements();
