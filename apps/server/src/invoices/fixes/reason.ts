import { badInput } from '../../errors';

/** The person's reason, trimmed; a 400 on `body.reason` when it is empty. */
export function requireReason(reason: string | undefined, why: string): string {
  const text = (reason ?? '').trim();
  if (text === '') throw badInput('body.reason', 'required', `Say why: ${why}.`);
  return text;
}

/** The person's reason when it is optional: trimmed, or ''. */
export function optionalReason(reason: string | undefined): string {
  return (reason ?? '').trim();
}
