/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Every module `values.ts` loads, following its relative imports. */
function modulesOf(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const [, specifier] of source.matchAll(/(?:import|export)[^'"]*from '(\.[^']+)'/g)) {
    const base = join(dirname(entry), specifier ?? '');
    modulesOf(base.endsWith('.ts') ? base : `${base}.ts`, seen);
  }
  return seen;
}

describe('@ops/contract/values', () => {
  it('loads no zod, whatever it re-exports (the browser imports it on the sign-in path)', () => {
    const modules = [...modulesOf(join(here, 'values.ts'))];
    expect(modules.length).toBeGreaterThan(3);
    for (const module of modules) {
      expect(readFileSync(module, 'utf8'), module).not.toMatch(/from 'zod'/);
    }
  });
});
