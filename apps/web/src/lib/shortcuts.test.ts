import { describe, expect, it, vi } from 'vitest';
import {
  createShortcutDispatcher,
  isModalOpen,
  isTypingTarget,
  ownsKey,
  sequenceTimeoutMs,
  shortcutHelp,
  shortcutKeyOf,
  type DispatchedEvent,
  type ShortcutMap,
  type ShortcutTarget,
} from './shortcuts';

/** An element as the rules read it: a tag, attributes and a parent. */
function element(
  tagName: string,
  attributes: Record<string, string> = {},
  parentElement: ShortcutTarget | null = null,
): ShortcutTarget {
  return {
    tagName,
    getAttribute: (name) => attributes[name] ?? null,
    parentElement,
  };
}

const body = element('BODY');
const main = element('MAIN', {}, body);

function press(key: string, options: Partial<DispatchedEvent> = {}): DispatchedEvent {
  return {
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    target: body,
    preventDefault: vi.fn(),
    ...options,
  };
}

describe('isTypingTarget', () => {
  it.each([
    ['a text input', element('INPUT')],
    ['a search box', element('INPUT', { type: 'search' })],
    ['an e-mail input', element('input', { type: 'email' })],
    ['a text area', element('TEXTAREA')],
    ['a select', element('SELECT')],
    ['an editable element', element('DIV', { contenteditable: 'true' })],
    ['inside an editable element', element('P', {}, element('DIV', { contenteditable: '' }))],
    ['a combobox', element('DIV', { role: 'combobox' })],
    [
      'an option of an open list',
      element('LI', { role: 'option' }, element('UL', { role: 'listbox' })),
    ],
  ])('is true on %s', (_, target) => {
    expect(isTypingTarget(target)).toBe(true);
  });

  it.each([
    ['the page', body],
    ['nothing', null],
    ['a link', element('A', { href: '/members/m1' }, main)],
    ['a button', element('BUTTON', {}, main)],
    ['a checkbox', element('INPUT', { type: 'checkbox' }, main)],
    ['a read-only editable', element('DIV', { contenteditable: 'false' })],
  ])('is false on %s', (_, target) => {
    expect(isTypingTarget(target)).toBe(false);
  });
});

describe('ownsKey', () => {
  it('leaves Enter to links and buttons, and takes it elsewhere', () => {
    expect(ownsKey(element('A', { href: '/x' }), 'Enter')).toBe(true);
    expect(ownsKey(element('BUTTON'), 'Enter')).toBe(true);
    expect(ownsKey(element('DIV', { role: 'tab' }), 'Enter')).toBe(true);
    expect(ownsKey(element('DIV', { role: 'region', tabindex: '0' }), 'Enter')).toBe(false);
    expect(ownsKey(body, 'Enter')).toBe(false);
    // A letter on a link is ours: the link does nothing with it.
    expect(ownsKey(element('A', { href: '/x' }), 'j')).toBe(false);
  });

  it('leaves the arrows to tabs, radio groups and sliders, and takes them on a link', () => {
    const tab = element('BUTTON', { role: 'tab' }, element('DIV', { role: 'tablist' }));
    expect(ownsKey(tab, 'ArrowDown')).toBe(true);
    expect(ownsKey(element('INPUT', { type: 'radio' }), 'ArrowDown')).toBe(true);
    expect(ownsKey(element('A', { href: '/x' }, main), 'ArrowDown')).toBe(false);
    expect(ownsKey(body, 'ArrowUp')).toBe(false);
  });
});

describe('shortcutKeyOf', () => {
  it('names letters in lower case, with Shift when held, whatever Caps Lock says', () => {
    expect(shortcutKeyOf(press('j'))).toBe('j');
    expect(shortcutKeyOf(press('J'))).toBe('j'); // Caps Lock
    expect(shortcutKeyOf(press('X', { shiftKey: true }))).toBe('Shift+X');
    expect(shortcutKeyOf(press('x', { shiftKey: true }))).toBe('Shift+X'); // Shift + Caps Lock
  });

  it('names other keys as they print, and named keys by name', () => {
    expect(shortcutKeyOf(press('?', { shiftKey: true }))).toBe('?');
    expect(shortcutKeyOf(press('/'))).toBe('/');
    expect(shortcutKeyOf(press(']'))).toBe(']');
    expect(shortcutKeyOf(press('ArrowDown'))).toBe('ArrowDown');
    expect(shortcutKeyOf(press('Enter', { shiftKey: true }))).toBe('Shift+Enter');
  });

  it('is no shortcut with Ctrl, Cmd or Alt (Ctrl/Cmd+K stays the palette’s), nor while composing', () => {
    expect(shortcutKeyOf(press('k', { ctrlKey: true }))).toBeNull();
    expect(shortcutKeyOf(press('k', { metaKey: true }))).toBeNull();
    expect(shortcutKeyOf(press('j', { altKey: true }))).toBeNull();
    expect(shortcutKeyOf(press('j', { isComposing: true }))).toBeNull();
    expect(shortcutKeyOf(press('Shift', { shiftKey: true }))).toBeNull();
  });

  it('takes AltGr, which types [ and ] on many keyboards', () => {
    const altGraph = (key: string) => key === 'AltGraph';
    expect(
      shortcutKeyOf(press('[', { ctrlKey: true, altKey: true, getModifierState: altGraph })),
    ).toBe('[');
  });
});

describe('isModalOpen', () => {
  const documentWith = (dialogs: { isModal: boolean }[]) => ({
    querySelectorAll: () =>
      dialogs.map(({ isModal }) => ({
        matches: (selector: string) => selector === ':modal' && isModal,
      })),
  });

  it('is true only while a modal dialog is open', () => {
    expect(isModalOpen(documentWith([]))).toBe(false);
    expect(isModalOpen(documentWith([{ isModal: false }]))).toBe(false);
    expect(isModalOpen(documentWith([{ isModal: false }, { isModal: true }]))).toBe(true);
  });

  it('counts an open dialog as modal where :modal is unknown', () => {
    const old = {
      querySelectorAll: () => [
        {
          matches: () => {
            throw new SyntaxError(':modal');
          },
        },
      ],
    };
    expect(isModalOpen(old)).toBe(true);
  });
});

function dispatcherWith(
  map: ShortcutMap,
  options: { repeatable?: string[]; blocked?: boolean } = {},
) {
  let time = 0;
  const dispatcher = createShortcutDispatcher({
    now: () => time,
    isBlocked: () => options.blocked === true,
  });
  dispatcher.register({
    map: { current: map },
    repeatable: new Set(options.repeatable ?? []),
  });
  return {
    dispatcher,
    wait: (ms: number) => {
      time += ms;
    },
  };
}

describe('the dispatcher', () => {
  it('runs the shortcut of a key and keeps the browser from acting on it', () => {
    const next = vi.fn();
    const { dispatcher } = dispatcherWith({ j: next });
    const event = press('j');
    expect(dispatcher.handle(event)).toBe(true);
    expect(next).toHaveBeenCalledOnce();
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('never runs while typing, with a modifier, after a handler took the key, or behind a modal', () => {
    const next = vi.fn();
    const { dispatcher } = dispatcherWith({ j: next, k: next });
    expect(dispatcher.handle(press('j', { target: element('INPUT', { type: 'search' }) }))).toBe(
      false,
    );
    expect(dispatcher.handle(press('j', { ctrlKey: true }))).toBe(false);
    expect(dispatcher.handle(press('j', { defaultPrevented: true }))).toBe(false);
    const blocked = dispatcherWith({ j: next }, { blocked: true });
    expect(blocked.dispatcher.handle(press('j'))).toBe(false);
    expect(next).not.toHaveBeenCalled();
  });

  it('does nothing while suspended (the palette is open)', () => {
    const next = vi.fn();
    const { dispatcher } = dispatcherWith({ j: next });
    const resume = dispatcher.suspend();
    expect(dispatcher.handle(press('j'))).toBe(false);
    resume();
    expect(dispatcher.handle(press('j'))).toBe(true);
    expect(next).toHaveBeenCalledOnce();
  });

  it('takes a sequence within the time allowed; the second key is not a shortcut of its own', () => {
    const toMembers = vi.fn();
    const edit = vi.fn();
    const { dispatcher, wait } = dispatcherWith({ 'g m': toMembers, 'g e': vi.fn(), e: edit });
    expect(dispatcher.handle(press('g'))).toBe(true);
    wait(sequenceTimeoutMs - 1);
    dispatcher.handle(press('Shift', { shiftKey: true })); // a modifier does not end it
    expect(dispatcher.handle(press('e'))).toBe(true);
    expect(edit).not.toHaveBeenCalled();
    dispatcher.handle(press('g'));
    dispatcher.handle(press('m'));
    expect(toMembers).toHaveBeenCalledOnce();
  });

  it('forgets the prefix after the time allowed, and on a key no sequence has', () => {
    const toMembers = vi.fn();
    const next = vi.fn();
    const { dispatcher, wait } = dispatcherWith({ 'g m': toMembers, j: next });
    dispatcher.handle(press('g'));
    wait(sequenceTimeoutMs + 1);
    expect(dispatcher.handle(press('m'))).toBe(false);
    dispatcher.handle(press('g'));
    dispatcher.handle(press('j')); // not an area: j acts as itself
    expect(next).toHaveBeenCalledOnce();
    expect(dispatcher.handle(press('m'))).toBe(false);
    expect(toMembers).not.toHaveBeenCalled();
  });

  it('acts on a held key only when it is repeatable', () => {
    const next = vi.fn();
    const help = vi.fn();
    const { dispatcher } = dispatcherWith({ j: next, '?': help }, { repeatable: ['j'] });
    dispatcher.handle(press('j', { repeat: true }));
    dispatcher.handle(press('?', { repeat: true }));
    expect(next).toHaveBeenCalledOnce();
    expect(help).not.toHaveBeenCalled();
  });

  it('asks the newest registration first, and passes the key on when it declines', () => {
    const dispatcher = createShortcutDispatcher();
    const calls: string[] = [];
    dispatcher.register({
      map: { current: { Escape: () => void calls.push('older') } },
      repeatable: new Set(),
    });
    const unregister = dispatcher.register({
      map: {
        current: {
          Escape: () => {
            calls.push('newer');
            return false;
          },
        },
      },
      repeatable: new Set(),
    });
    dispatcher.handle(press('Escape', { target: main }));
    expect(calls).toEqual(['newer', 'older']);
    unregister();
    expect(dispatcher.count).toBe(1);
  });
});

describe('the help table', () => {
  it('lists each key once per group, in the three groups', () => {
    const groups = new Set(shortcutHelp.map((line) => line.group));
    expect([...groups]).toEqual(['Anywhere', 'Lists', 'Records']);
    for (const group of groups) {
      const keys = shortcutHelp
        .filter((line) => line.group === group)
        .flatMap((line) => line.keys.map((sequence) => sequence.join(' ')));
      expect(new Set(keys).size, group).toBe(keys.length);
    }
  });
});
