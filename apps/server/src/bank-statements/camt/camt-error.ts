import type { TErrorRule } from '@ops/contract';
import { badInput, type AppError } from '../../errors';

/** The rules a bank file can break; each is one of the contract's error rules. */
export type CamtErrorRule = Extract<
  TErrorRule,
  'not-xml' | 'doctype' | 'xml-depth' | 'unknown-namespace' | 'no-entries' | 'amount' | 'structure'
>;

/**
 * Why a bank file cannot be read. The message names the place (statement, entry, transaction)
 * in words an operator can check against the bank's file; nothing of the file is booked.
 */
export class CamtError extends Error {
  override name = 'CamtError';
  readonly rule: CamtErrorRule;

  constructor(rule: CamtErrorRule, message: string) {
    super(message);
    this.rule = rule;
  }
}

/** The 400 an upload answers for an unreadable bank file: the field `file` and the rule. */
export function camtErrorAsBadInput(error: CamtError, path = 'file'): AppError {
  return badInput(path, error.rule, error.message);
}
