import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  domainRules,
  errorCodeForHttpStatus,
  errorRules,
  httpStatusByErrorCode,
  isErrorRule,
  ZFieldIssue,
  zodIssueRules,
} from './errors';
import { invoicePdfRefusalRules } from './invoice-pdfs';
import { operatorRules } from './operator-admin';

describe('error codes and HTTP statuses (spec §8)', () => {
  it.each([
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [429, 'resource-exhausted'],
    [499, 'cancelled'],
    [500, 'internal'],
    [501, 'unimplemented'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
  ] as const)('status %i is %s, both ways', (status, code) => {
    expect(errorCodeForHttpStatus(status)).toBe(code);
    expect(httpStatusByErrorCode[code]).toBe(status);
  });

  it('maps any other status to unknown', () => {
    expect(errorCodeForHttpStatus(418)).toBe('unknown');
    expect(errorCodeForHttpStatus(502)).toBe('unknown');
  });
});

describe('error rules: one enumerated set', () => {
  it('holds every issue code zod can produce, spelled as zod spells it', () => {
    // The request validation's 400s name zod's code as the rule (http/error-handler.ts).
    expect(Object.values(z.ZodIssueCode).sort()).toEqual(Object.keys(zodIssueRules).sort());
  });

  it('holds the operator rules and the PDF refusals a 400 can name', () => {
    for (const rule of Object.values(operatorRules)) expect(errorRules).toContain(rule);
    // too_large is a 413 without issues.
    for (const rule of invoicePdfRefusalRules.filter((rule) => rule !== 'too_large')) {
      expect(errorRules).toContain(rule);
    }
  });

  it('spells our own rules in kebab-case, each with a meaning, none twice', () => {
    for (const [rule, meaning] of Object.entries(domainRules)) {
      expect(rule).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(meaning.length).toBeGreaterThan(10);
    }
    expect(new Set(errorRules).size).toBe(errorRules.length);
  });

  it('accepts exactly the enumerated rules in a field issue', () => {
    const issue = { path: 'body.iban', message: 'x' };
    expect(ZFieldIssue.safeParse({ ...issue, rule: 'qr-iban-not-allowed' }).success).toBe(true);
    expect(ZFieldIssue.safeParse({ ...issue, rule: 'too_big' }).success).toBe(true);
    expect(ZFieldIssue.safeParse({ ...issue, rule: 'qr_iban_not_allowed' }).success).toBe(false);
    expect(isErrorRule('all-or-nothing')).toBe(true);
    expect(isErrorRule('not-found')).toBe(false);
  });
});
