import { httpStatusOf, type AnyErrorCode, type TErrorRule, type TFieldIssue } from '@ops/contract';

/**
 * The one error type of the server. Its `code` is stable (the contract's error codes) and decides
 * the HTTP status; `message` is safe to show to a person.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: AnyErrorCode;
  readonly issues: TFieldIssue[] | undefined;

  constructor(
    code: AnyErrorCode,
    message: string,
    options?: { issues?: TFieldIssue[]; cause?: unknown },
  ) {
    super(message, { cause: options?.cause });
    this.code = code;
    this.issues = options?.issues;
  }

  get statusCode(): number {
    return httpStatusOf(this.code);
  }
}

/**
 * The 400 of a bad field: one issue naming the field (`body.x`) and the rule it broke, one of the
 * contract's enumerated `errorRules`.
 */
export function badInput(path: string, rule: TErrorRule, message: string): AppError {
  return new AppError('invalid-argument', message, { issues: [{ path, rule, message }] });
}
