import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defineArea, defineScreens, problemsOf, screen } from '@ops/ui/screen-registry';
import { areas, declaredScreens } from './screens';

const source = path.resolve(import.meta.dirname, '..');

/** The modules a file imports, statically or with `import()`, type-only imports included. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/(?:import|export)\s[^'";]*?from\s*'([^']+)'|import\s*\(\s*'([^']+)'\s*\)/g),
  ].map(([, from, dynamic]) => from ?? dynamic ?? '');
}

/** The file an app-relative import names (`@/…` or `./…`), or undefined for a package. */
function fileOf(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.') && !specifier.startsWith('@/')) return undefined;
  const base = specifier.startsWith('@/')
    ? path.join(source, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  const candidates = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`${specifier} (imported by ${from}) resolves to no file.`);
  return found;
}

/** Every module the registry reaches, following its imports to the end. */
function importGraphOf(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of importsOf(file)) {
      const imported = fileOf(file, specifier);
      if (imported === undefined) packages.add(specifier);
      else visit(imported);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => path.relative(source, file)).sort(), packages };
}

describe('the screen registry (config/screens.ts)', () => {
  it('is a leaf: it reaches no screen, nothing of app/ or features/, only the registry kit', () => {
    const graph = importGraphOf(path.join(source, 'config/screens.ts'));
    expect(graph.files).toEqual(['config/screens.ts']);
    expect([...graph.packages]).toEqual(['@ops/ui/screen-registry']);
    // The kit (shared with the member portal) is a leaf itself: it imports only the router's
    // path functions.
    const kit = fileURLToPath(import.meta.resolve('@ops/ui/screen-registry'));
    expect(importsOf(kit)).toEqual(['react-router']);
  });

  it('keeps paths a leaf too, so every feature may link without a cycle', () => {
    const graph = importGraphOf(path.join(source, 'config/paths.ts'));
    expect(graph.files.filter((file) => !file.startsWith('config/'))).toEqual([]);
  });

  it('declares every screen once, inside a declared screen, grouped under an entry', () => {
    expect(problemsOf(areas)).toEqual([]);
    expect(declaredScreens().map((declared) => declared.id)).toContain('home');
  });
});

describe('problemsOf (the rules of a registry)', () => {
  it('finds none in a registry that keeps them', () => {
    const registry = defineScreens({
      start: defineArea({ sidebar: { label: 'Start' }, screens: { start: screen('start', '/') } }),
      more: defineArea({ sidebarGroup: 'start', screens: { more: screen('more', '/more') } }),
    });
    expect(problemsOf(registry)).toEqual([]);
  });

  it('finds two screens with one id', () => {
    const registry = defineScreens({
      a: defineArea({ screens: { one: screen('same', '/a') } }),
      b: defineArea({ screens: { two: screen('same', '/b') } }),
    });
    expect(problemsOf(registry)).toEqual(['Two screens have the id same.']);
  });

  it('finds a screen inside a screen that is not declared', () => {
    const registry = defineScreens({
      a: defineArea({ screens: { detail: screen('detail', '/a/:id', { inside: 'list' }) } }),
    });
    expect(problemsOf(registry)).toEqual(['The screen detail is inside list, which is no screen.']);
  });

  it('finds an area grouped under an area without a sidebar entry', () => {
    const registry = defineScreens({
      a: defineArea({ screens: { a: screen('a', '/a') } }),
      b: defineArea({ sidebarGroup: 'a', screens: { b: screen('b', '/b') } }),
    });
    expect(problemsOf(registry)).toEqual(['The area b is grouped under a, which has no entry.']);
  });
});
