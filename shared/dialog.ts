import { Type, type Static } from '@sinclair/typebox';

/**
 * Host dialogs (protocol 1.1, from seed 002's `ui.confirm/prompt/pick`): a generator asks the user
 * through a dialog the renderer draws outside every generator's tree. The generator awaits the
 * answer; it can never read, style or answer the dialog itself.
 */

const Title = Type.String({ minLength: 1, maxLength: 200 });
const Message = Type.String({ maxLength: 4000 });
const Label = Type.String({ minLength: 1, maxLength: 60 });

/** Ask yes or no. */
export const ConfirmDialog = Type.Object(
  {
    kind: Type.Literal('confirm'),
    title: Title,
    message: Type.Optional(Message),
    confirmLabel: Type.Optional(Label),
    cancelLabel: Type.Optional(Label),
    /** The action cannot be undone: drawn in the danger tone. */
    danger: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Ask for a line (or lines) of text. */
export const PromptDialog = Type.Object(
  {
    kind: Type.Literal('prompt'),
    title: Title,
    message: Type.Optional(Message),
    defaultValue: Type.Optional(Type.String({ maxLength: 4000 })),
    placeholder: Type.Optional(Type.String({ maxLength: 200 })),
    multiline: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** One choice of a pick dialog. */
export const PickItem = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 128 }),
    label: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

/** Ask to choose one (or several) of a list. */
export const PickDialog = Type.Object(
  {
    kind: Type.Literal('pick'),
    title: Title,
    message: Type.Optional(Message),
    items: Type.Array(PickItem, { minItems: 1, maxItems: 100 }),
    multiple: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Params of `suip/dialog`: one of the three kinds. (Programs cannot ask for secret input: only the host can.) */
export const DialogParams = Type.Union([ConfirmDialog, PromptDialog, PickDialog], { $id: 'DialogParams' });
/** Params of a dialog request. */
export type DialogParams = Static<typeof DialogParams>;

/** The answer to a dialog: `ok` for confirm, `value` (null when cancelled) for prompt, `ids` for pick. */
export const DialogResult = Type.Union(
  [
    Type.Object({ ok: Type.Boolean() }, { additionalProperties: false }),
    Type.Object({ value: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false }),
    Type.Object({ ids: Type.Array(Type.String()) }, { additionalProperties: false }),
  ],
  { $id: 'DialogResult' },
);
/** A dialog's answer. */
export type DialogResult = Static<typeof DialogResult>;
