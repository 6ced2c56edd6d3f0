import { z } from 'zod';

/**
 * The callable protocol of the cloud functions (spec §7, §8): `POST /functions/{name}` with
 * `{"data": …}`, answered `{"result": …}`, or `{"error": {status, message, details?}}` with the
 * HTTP status of spec §8's table.
 */

/** The callable statuses, by HTTP status (spec §8). */
export const callableStatusByHttpStatus = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
} as const;

export const ZCallableRequest = z
  .object({ data: z.unknown().describe("The function's input") })
  .describe('A call of a cloud function');

export const ZCallableError = z
  .object({
    error: z.object({
      status: z.string().describe('e.g. UNAUTHENTICATED, INVALID_ARGUMENT'),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .describe('A failed call of a cloud function');

/** `searchParams` takes no input: spec §7's "empty payload". */
export const ZSearchParamsInput = z.union([z.object({}).strict(), z.null(), z.undefined()]);
