import fs from 'node:fs';
import path from 'node:path';
import * as contract from '@ops/contract';
import { describe, expect, it } from 'vitest';
import { canWith } from './permissions';

/** The source files a module of the contract imports, itself included (relative imports only). */
function contractModulesOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const [, specifier = ''] of source.matchAll(/from '(\.[^']+)'/g)) {
    contractModulesOf(path.resolve(path.dirname(file), `${specifier}.ts`), seen);
  }
  return seen;
}

describe('permissions', () => {
  it('lets each role do only its actions, and several roles add up', () => {
    for (const role of contract.operatorRoles) {
      for (const action of contract.operatorActions) {
        expect(canWith([role], action), `${role} ${action}`).toBe(contract.can([role], action));
      }
    }
    expect(canWith(['read-only'], 'members.edit')).toBe(false);
    expect(canWith(['finance'], 'members.edit')).toBe(false);
    expect(canWith(['finance', 'membership'], 'members.edit')).toBe(true);
    expect(canWith([], 'emails.retry')).toBe(false);
  });

  it('reads the role table from a subpath of the contract that does not load zod', () => {
    const values = new URL('../../../../packages/contract/src/values.ts', import.meta.url);
    for (const file of contractModulesOf(values.pathname)) {
      expect(fs.readFileSync(file, 'utf8'), path.basename(file)).not.toMatch(/from 'zod'/);
    }
  });
});
