import { createContext } from 'react';

export interface CaptchaApi {
  /**
   * Shows the human verification and answers the solved payload for the repeated request, or
   * null when it was closed or failed (SPEC §4).
   */
  solve: () => Promise<string | null>;
}

export const CaptchaContext = createContext<CaptchaApi | null>(null);
