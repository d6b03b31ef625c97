/** The login prompts the danmaku feature may ask for (SPEC §2 sources). */
export type DanmakuLoginSource = 'danmaku' | 'danmaku_reply' | 'danmaku_shield' | 'report';

/**
 * Runs `action` when signed in; otherwise opens the login prompt titled for `source` (SPEC §6).
 * The route hands in the passport's guard.
 */
export type DanmakuGuard = (source: DanmakuLoginSource, action: () => void) => void;
