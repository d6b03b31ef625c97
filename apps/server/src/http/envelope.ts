import Type, { type TSchema } from 'typebox';
import { SUCCESS_MESSAGE, type Envelope } from '@melon/shared/api/envelope';

export const ok = <T>(data: T): Envelope<T> => ({ code: 200, message: SUCCESS_MESSAGE, data });

/** The response schema of a successful call whose `data` is `schema`. */
export const envelopeOf = <T extends TSchema>(schema: T) =>
  Type.Object({ code: Type.Integer(), message: Type.String(), data: schema });

/** The response schema of every error (SPEC §8). */
export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  data: Type.Null(),
  errno: Type.Optional(Type.Integer()),
  success: Type.Optional(Type.Boolean()),
  field: Type.Optional(Type.String()),
});

/** The response schema of a 429: the wait in the message and, in seconds, in data. */
export const RetryLaterEnvelope = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  data: Type.Object({ retry_after: Type.Integer() }),
});
