import Type, { type Static } from 'typebox';

/** getEmojiData data: every emoji's code, name and picture, in the picker's order. */
export const EmojiData = Type.Object({
  emoji_list: Type.Array(
    Type.Object({ code: Type.String(), name: Type.String(), url: Type.String() }),
  ),
});
export type EmojiData = Static<typeof EmojiData>;
