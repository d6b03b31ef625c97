/** The JSON envelope every Melon call answers with (DESIGN §4). */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/**
 * Extra fields some errors carry, per SPEC §8 (csrf: errno 1; login-required: success false).
 * data is null except on 429, where it says how many seconds to wait.
 */
export interface ErrorEnvelope extends Envelope<{ retry_after: number } | null> {
  errno?: number;
  success?: false;
  /** The request field a validation error is about. */
  field?: string;
}

export const SUCCESS_MESSAGE = 'success';
