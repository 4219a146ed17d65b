/**
 * The vocabulary elements loaded on first use (renderer/view/elements-on-first-use.ts): inputs and
 * forms, dialogs, tabs and accordions, stats, messages and the other display types. Each
 * module defines `suip-<type>`; importing this module upgrades every such element already shown.
 */
import './suip-accordion.ts';
import './suip-alert.ts';
import './suip-badge.ts';
import './suip-button.ts';
import './suip-checkbox.ts';
import './suip-choice.ts';
import './suip-date-field.ts';
import './suip-file.ts';
import './suip-form.ts';
import './suip-hero.ts';
import './suip-icon.ts';
import './suip-key-value.ts';
import './suip-link-card.ts';
import './suip-modal.ts';
import './suip-multi-choice.ts';
import './suip-pair.ts';
import './suip-progress.ts';
import './suip-rating.ts';
import './suip-slider.ts';
import './suip-stat.ts';
import './suip-stats.ts';
import './suip-status.ts';
import './suip-placeholder.ts';
import './suip-tabs.ts';
import './suip-tags.ts';
import './suip-text-area.ts';
import './suip-text-field.ts';
import './suip-timeline-item.ts';
import './suip-timeline.ts';
import './suip-toggle.ts';
import './suip-avatar.ts';
import './suip-board.ts';
import './suip-conversation.ts';
import './suip-empty-state.ts';
import './suip-message.ts';
