import type { VocabularyEntry } from '../../shared/index.ts';
import { accordion } from './types/accordion.ts';
import { alert } from './types/alert.ts';
import { audio } from './types/audio.ts';
import { badge } from './types/badge.ts';
import { button } from './types/button.ts';
import { card } from './types/card.ts';
import { chartBar } from './types/chart-bar.ts';
import { chartLine } from './types/chart-line.ts';
import { chartPie } from './types/chart-pie.ts';
import { checkbox } from './types/checkbox.ts';
import { choice } from './types/choice.ts';
import { code } from './types/code.ts';
import { column } from './types/column.ts';
import { dateField } from './types/date-field.ts';
import { divider } from './types/divider.ts';
import { file } from './types/file.ts';
import { form } from './types/form.ts';
import { grid } from './types/grid.ts';
import { hero } from './types/hero.ts';
import { icon } from './types/icon.ts';
import { image } from './types/image.ts';
import { keyValue } from './types/key-value.ts';
import { linkCard } from './types/link-card.ts';
import { list } from './types/list.ts';
import { modal } from './types/modal.ts';
import { multiChoice } from './types/multi-choice.ts';
import { pair } from './types/pair.ts';
import { progress } from './types/progress.ts';
import { rating } from './types/rating.ts';
import { row } from './types/row.ts';
import { section } from './types/section.ts';
import { slider } from './types/slider.ts';
import { stat } from './types/stat.ts';
import { stats } from './types/stats.ts';
import { status } from './types/status.ts';
import { table } from './types/table.ts';
import { tabs } from './types/tabs.ts';
import { tags } from './types/tags.ts';
import { textArea } from './types/text-area.ts';
import { textField } from './types/text-field.ts';
import { timeline } from './types/timeline.ts';
import { timelineItem } from './types/timeline-item.ts';
import { toggle } from './types/toggle.ts';
import { video } from './types/video.ts';
import { slot } from './types/slot.ts';
import { placeholder } from './types/placeholder.ts';
import { avatar } from './types/avatar.ts';
import { board } from './types/board.ts';
import { conversation } from './types/conversation.ts';
import { emptyState } from './types/empty-state.ts';
import { message } from './types/message.ts';

/**
 * The built-in vocabulary, in the order documentation and the gallery show it: layout, display,
 * media, input. This array is what the `suip/initialize` result carries as `vocabulary`.
 */
export const BUILTIN_VOCABULARY: readonly VocabularyEntry[] = Object.freeze([
  card,
  list,
  row,
  column,
  grid,
  section,
  tabs,
  accordion,
  modal,
  divider,
  hero,
  slot,
  board,
  conversation,
  alert,
  badge,
  status,
  progress,
  placeholder,
  emptyState,
  stats,
  stat,
  keyValue,
  pair,
  table,
  timeline,
  timelineItem,
  code,
  tags,
  rating,
  linkCard,
  chartBar,
  chartLine,
  chartPie,
  icon,
  avatar,
  message,
  image,
  audio,
  video,
  file,
  form,
  button,
  textField,
  textArea,
  checkbox,
  toggle,
  choice,
  multiChoice,
  slider,
  dateField,
]);

/** Type name → entry. A `Map`, because type names arrive from the sandbox and are hostile keys. */
export type VocabularyIndex = ReadonlyMap<string, VocabularyEntry>;

/** Index a vocabulary by type name (later entries replace earlier ones, so hosts can override). */
export function indexVocabulary(entries: readonly VocabularyEntry[] = BUILTIN_VOCABULARY): VocabularyIndex {
  return new Map(entries.map((entry) => [entry.type, entry]));
}
