/**
 * What went wrong, in the domain's terms. Services and routes raise these; the error handler
 * alone turns each kind into its SPEC §8 answer (plugins/app/error-handler.ts).
 */
export type DomainErrorKind =
  'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'too_large' | 'too_frequent' | 'unavailable';

export interface DomainErrorDetails {
  /** The input field the error is about. */
  field?: string;
  /** For too_frequent: seconds until the action may be tried again. */
  waitSeconds?: number;
}

export class DomainError extends Error {
  override name = 'DomainError';
  readonly kind: DomainErrorKind;
  readonly details: DomainErrorDetails;

  /** `message` is what the user reads (Chinese). */
  constructor(kind: DomainErrorKind, message: string, details: DomainErrorDetails = {}) {
    super(message);
    this.kind = kind;
    this.details = details;
  }
}

const withField = (field: string | undefined): DomainErrorDetails =>
  field === undefined ? {} : { field };

/** The input breaks a rule; `field` names the input it is about. */
export const invalid = (message: string, field?: string): DomainError =>
  new DomainError('invalid', message, withField(field));

/** Nothing the caller may see goes by that name: unknown and hidden alike. */
export const notFound = (message: string): DomainError => new DomainError('not_found', message);

/** The caller may see the thing but not do this to it. */
export const forbidden = (message: string): DomainError => new DomainError('forbidden', message);

/** The change clashes with what exists, e.g. an email address already registered. */
export const conflict = (message: string, field?: string): DomainError =>
  new DomainError('conflict', message, withField(field));

/** The input is bigger than allowed; the message names the limit. */
export const tooLarge = (message: string): DomainError => new DomainError('too_large', message);

/** Too soon after the last attempts; the message names the wait. */
export const tooFrequent = (message: string, waitSeconds: number): DomainError =>
  new DomainError('too_frequent', message, { waitSeconds });

/** A part the action needs is not working now. */
export const unavailable = (message: string): DomainError =>
  new DomainError('unavailable', message);
