import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { shortcutHelp } from '@/lib/shortcuts';
import { areas } from '@/config/screens';
import { sidebarEntriesOf } from './sidebar';
import { areaShortcuts, areaShortcutsOf, KeyboardShortcutsDialog } from './keyboard-shortcuts';

describe('g then a letter', () => {
  it('goes to every sidebar area, each by a letter of its own', () => {
    const letters = areaShortcuts.map((area) => area.letter);
    expect(new Set(letters).size).toBe(letters.length);
    for (const letter of letters) expect(letter).toMatch(/^[a-z]$/);
    // Every entry of the sidebar has one, and leads where the entry does.
    expect(areaShortcuts.map(({ label, to }) => ({ label, to }))).toEqual(
      sidebarEntriesOf(areas).map(({ label, to }) => ({ label, to })),
    );
    expect(areaShortcuts.find((area) => area.letter === 'm')?.to).toBe('/members');
    expect(areaShortcuts.find((area) => area.letter === 'i')?.to).toBe('/invoices');
    expect(areaShortcuts.find((area) => area.letter === 'a')?.to).toBe('/applications');
  });

  it('leaves out an area without a letter', () => {
    const declared = {
      home: {
        sidebar: { label: 'Ops', shortcut: 'h' },
        screens: { home: { id: 'home', path: '/', load: async () => () => null } },
      },
      other: {
        sidebar: { label: 'Other' },
        screens: { other: { id: 'other', path: '/other', load: async () => () => null } },
      },
    };
    expect(areaShortcutsOf(declared)).toEqual([{ letter: 'h', label: 'Ops', to: '/' }]);
  });
});

describe('the help dialog', () => {
  it('lists every shortcut in its group, and every area’s letter', () => {
    const html = renderToString(
      <KeyboardShortcutsDialog isOpen onClose={() => undefined} />,
    ).replaceAll('&#x27;', "'");
    expect(html).toContain('Keyboard shortcuts');
    for (const group of ['Anywhere', 'Lists', 'Records']) expect(html).toContain(`>${group}</h3>`);
    for (const line of shortcutHelp) expect(html).toContain(line.description);
    for (const area of areaShortcuts) expect(html).toContain(`Go to ${area.label}`);
  });
});
