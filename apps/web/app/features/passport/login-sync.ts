/**
 * Cross-tab sign-in sync (SPEC §4): a tab that signs in or out writes a message to local
 * storage; the others hear it through the storage event and follow 300 ms later (SPEC §9).
 */
export const LOGIN_SYNC_KEY = 'melon:login-sync';
export const LOGIN_SYNC_DELAY_MS = 300;

export interface LoginSyncMessage {
  event: 'login' | 'logout';
  /** The page type (route) of the tab that wrote it. */
  pageType: string;
  at: number;
}

export function encodeSyncMessage(message: LoginSyncMessage): string {
  return JSON.stringify(message);
}

export function decodeSyncMessage(value: string | null): LoginSyncMessage | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<LoginSyncMessage> | null;
    if (
      parsed &&
      (parsed.event === 'login' || parsed.event === 'logout') &&
      typeof parsed.pageType === 'string' &&
      typeof parsed.at === 'number'
    ) {
      return { event: parsed.event, pageType: parsed.pageType, at: parsed.at };
    }
  } catch {
    // Someone else's value under our key: not a message.
  }
  return null;
}

/** What a tab on `ownPageType` does with a message from another tab. */
export function syncReaction(
  message: LoginSyncMessage,
  ownPageType: string,
): 'replace' | 'reload' | 'refresh' {
  if (message.event === 'logout') return 'reload';
  return message.pageType === ownPageType ? 'refresh' : 'replace';
}
