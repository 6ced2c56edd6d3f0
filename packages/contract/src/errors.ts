import { z } from 'zod';
import { authErrorCodes, httpStatusByAuthErrorCode, type AuthErrorCode } from './auth';
import { errorRules } from './error-rules';

export * from './error-rules';

/**
 * Error codes of the callable protocol (spec §8), used by every endpoint of the API so that the
 * browser parses one error shape everywhere.
 */
export const errorCodes = [
  'invalid-argument',
  'unauthenticated',
  'permission-denied',
  'not-found',
  'aborted',
  'payload-too-large',
  'resource-exhausted',
  'cancelled',
  'internal',
  'unimplemented',
  'unavailable',
  'deadline-exceeded',
  'unknown',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** HTTP status of each error code: spec §8's table, plus 413 for bodies above the 10 MB limit. */
export const httpStatusByErrorCode: Record<ErrorCode, number> = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  aborted: 409,
  'payload-too-large': 413,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
  unknown: 500,
};

/** The reverse of spec §8's table: what a client makes of a status it receives. */
export function errorCodeForHttpStatus(status: number): ErrorCode {
  const found = (Object.entries(httpStatusByErrorCode) as [ErrorCode, number][]).find(
    ([code, httpStatus]) => httpStatus === status && code !== 'unknown',
  );
  return found ? found[0] : 'unknown';
}

export const ZFieldIssue = z
  .object({
    path: z.string().describe('Dotted path of the offending field, e.g. "body.email"'),
    rule: z
      .enum(errorRules)
      .describe('The rule it broke (errorRules), e.g. "invalid_format", "qr-iban-not-allowed"'),
    message: z.string().describe('A sentence a person can read'),
  })
  .describe('One validation problem');
export type TFieldIssue = z.infer<typeof ZFieldIssue>;

export const ZApiError = z
  .object({
    error: z.object({
      code: z
        .union([z.enum(errorCodes), z.enum(authErrorCodes)])
        .describe('Stable machine-readable code; auth/… for the authentication provider'),
      message: z.string().describe('What went wrong, for a person'),
      issues: z.array(ZFieldIssue).optional().describe('Validation problems, one per field'),
    }),
  })
  .describe('Every error the API answers has this shape');
export type TApiError = z.infer<typeof ZApiError>;

/** Any code an API error may carry. */
export type AnyErrorCode = ErrorCode | AuthErrorCode;

export function httpStatusOf(code: AnyErrorCode): number {
  return code.startsWith('auth/')
    ? httpStatusByAuthErrorCode[code as AuthErrorCode]
    : httpStatusByErrorCode[code as ErrorCode];
}
