/**
 * What following needs from the page, which composes it (features do not import each other):
 * the login-required guard of SPEC §6 (source follow), a toast, and who is signed in.
 */
export interface FollowDeps {
  guard: (source: 'follow', action: () => unknown) => void;
  notify: (message: string) => void;
  /** The signed-in viewer, or null for a visitor. */
  viewerId: string | null;
}
