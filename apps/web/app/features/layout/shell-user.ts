/** The signed-in user as the site frame shows it (handed in by the root). */
export interface ShellUser {
  name: string;
  avatarUrl: string;
}

/** The frame's entries that need a signed-in user, named as the login prompt's sources. */
export type GuardedEntry = 'login' | 'history' | 'favorite_list' | 'attention' | 'user_center';

/** Runs `action` when signed in; otherwise asks to sign in first (SPEC §6). */
export type GuardEntry = (entry: GuardedEntry, action: () => void) => void;
