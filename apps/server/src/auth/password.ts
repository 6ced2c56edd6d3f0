import { hash, verify } from '@node-rs/argon2';
import { passwordPolicy } from '@ops/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import type * as ZxcvbnEnglish from '@zxcvbn-ts/language-en';
import { createRequire } from 'node:module';

// OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 degree of parallelism.
const argon2Options = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which isolated modules cannot import)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

const require = createRequire(import.meta.url);

let strengthEstimator: ZxcvbnFactory | undefined;
function estimate(password: string, userInputs: string[]) {
  // Built on first use, dictionaries included: they cost about 100 ms and 20 MB of memory that
  // most server processes never need (passwords are set rarely). `require` rather than a static
  // import, because an import would load them with the server; the check stays synchronous.
  if (!strengthEstimator) {
    const zxcvbnCommon = require('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon;
    const zxcvbnEnglish = require('@zxcvbn-ts/language-en') as typeof ZxcvbnEnglish;
    strengthEstimator = new ZxcvbnFactory({
      dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEnglish.dictionary },
      graphs: zxcvbnCommon.adjacencyGraphs,
      translations: zxcvbnEnglish.translations,
    });
  }
  return strengthEstimator.check(password, userInputs);
}

/**
 * Why a password may not be set, or null when it may. The spec's 6 characters is only what the
 * sign-in form accepts; whoever sets a password gets the stricter policy: at least 12
 * characters, not a common password, not guessable from the e-mail address.
 */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < passwordPolicy.minimumLength) {
    return `must be at least ${passwordPolicy.minimumLength} characters long`;
  }
  const userInputs = email ? [email, email.split('@')[0] ?? '', ...email.split(/[@._+-]/)] : [];
  const result = estimate(password, userInputs);
  const isCommon = result.sequence.some(
    (match) =>
      match.pattern === 'dictionary' &&
      match.dictionaryName === 'passwords' &&
      match.token.length >= password.length - 2,
  );
  if (isCommon) return 'is a commonly used password';
  if (result.score < 3) {
    return `is too easy to guess${result.feedback.warning ? ` (${result.feedback.warning})` : ''}`;
  }
  return null;
}
