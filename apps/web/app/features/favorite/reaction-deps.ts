/**
 * What likes and favourites need from the page, which composes them (features do not import
 * each other): the login-required guard of SPEC §6 and a toast.
 */
export interface ReactionDeps {
  guard: (source: 'like' | 'favorite', action: () => unknown) => void;
  notify: (message: string) => void;
}
