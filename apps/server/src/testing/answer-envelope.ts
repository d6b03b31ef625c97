import type { Envelope, ErrorEnvelope } from '@melon/shared/api/envelope';

/** An answer's envelope as the API tests read it: a success's data, or the field an error names. */
export type AnswerEnvelope<T> = Envelope<T> & Pick<ErrorEnvelope, 'field'>;
