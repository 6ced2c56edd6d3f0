import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The console's single-key shortcuts (issue 19): one place for when a key press is a shortcut,
 * one document listener that dispatches it, and the table the help dialog lists.
 *
 * A key is a shortcut only when nothing else owns it: never with Ctrl, Cmd or Alt (Ctrl/Cmd+K
 * is the palette's, the rest the browser's), never while an input method composes, never in a
 * field (text inputs, text areas, selects, contenteditable, comboboxes and their lists), never
 * while a modal dialog is open (the help, a form, the palette, the phone menu) and never when a
 * handler of the page already took the key (`defaultPrevented`). The hooks mount only inside
 * the console's shell, behind the sign-in gate, so the sign-in screen's type-to-focus (spec §2
 * step 8) never competes with them.
 */

/** A prefix key (`g`) waits this long for its second key (`g m`). */
export const sequenceTimeoutMs = 1_500;

/** The parts of a keydown event the rules read (a DOM KeyboardEvent has them all). */
export type ShortcutKeyEvent = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  getModifierState?: (key: string) => boolean;
};

/** The parts of an element the rules read (a DOM Element has them all). */
export type ShortcutTarget = {
  tagName: string;
  isContentEditable?: boolean;
  getAttribute: (name: string) => string | null;
  parentElement: ShortcutTarget | null;
};

/** Inputs that take no text: a letter typed on them is no one's but ours. */
const inputsWithoutText = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** Roles whose element takes typed letters itself (type-ahead, editing). */
const typingRoles = new Set(['combobox', 'listbox', 'menu', 'menubar', 'searchbox', 'textbox']);

/** Roles whose element moves with the arrow keys itself. */
const arrowRoles = new Set([
  ...typingRoles,
  'grid',
  'radiogroup',
  'slider',
  'spinbutton',
  'tablist',
  'tree',
  'treegrid',
]);

/** Elements that Enter activates by themselves (a link follows, a button presses). */
const enterTags = new Set(['A', 'BUTTON', 'SUMMARY']);
const enterRoles = new Set([
  'button',
  'checkbox',
  'link',
  'menuitem',
  'option',
  'radio',
  'switch',
  'tab',
]);

/** An event's target as an element, or null (the document, a window). */
function asTarget(target: unknown): ShortcutTarget | null {
  if (typeof target !== 'object' || target === null) return null;
  const element = target as Partial<ShortcutTarget>;
  return typeof element.tagName === 'string' && typeof element.getAttribute === 'function'
    ? (element as ShortcutTarget)
    : null;
}

function* selfAndAncestors(target: ShortcutTarget | null): Generator<ShortcutTarget> {
  for (let element = target; element; element = element.parentElement) yield element;
}

function isTextInput(element: ShortcutTarget): boolean {
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  return !inputsWithoutText.has((element.getAttribute('type') ?? 'text').toLowerCase());
}

/**
 * True when the focused element takes typed text: a field, something editable, a combobox or
 * the list it opens. A letter typed there is text, never a shortcut.
 */
export function isTypingTarget(target: ShortcutTarget | null): boolean {
  for (const element of selfAndAncestors(target)) {
    if (element === target && isTextInput(element)) return true;
    if (element.isContentEditable) return true;
    const editable = element.getAttribute('contenteditable');
    if (editable !== null && editable !== 'false') return true;
    if (typingRoles.has(element.getAttribute('role') ?? '')) return true;
  }
  return false;
}

/**
 * True when the focused element gives `key` a meaning of its own: any key in a field, Enter on
 * a link or a button (it follows or presses), the arrows in tabs, radio groups, sliders.
 */
export function ownsKey(target: ShortcutTarget | null, key: string): boolean {
  if (isTypingTarget(target)) return true;
  if (target === null) return false;
  if (key === 'Enter') {
    const role = target.getAttribute('role') ?? '';
    return (
      enterTags.has(target.tagName.toUpperCase()) ||
      target.tagName.toUpperCase() === 'INPUT' ||
      enterRoles.has(role)
    );
  }
  if (key.startsWith('Arrow')) {
    if (target.tagName.toUpperCase() === 'INPUT') return true; // a radio, a range
    for (const element of selfAndAncestors(target)) {
      if (arrowRoles.has(element.getAttribute('role') ?? '')) return true;
    }
  }
  return false;
}

const modifierKeys = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'OS']);

/**
 * The shortcut a key press names, or null when it is none: `j`, `Shift+X`, `?`, `[`,
 * `Enter`, `ArrowDown`, `Escape`. Letters are lower case (Caps Lock does not change them) and
 * say Shift; other printable keys are what they print (`?` is Shift+/ on a US keyboard). AltGr
 * (Ctrl+Alt on Windows) types `[` and `]` on many keyboards, so it does not count as a modifier.
 */
export function shortcutKeyOf(event: ShortcutKeyEvent): string | null {
  if (event.isComposing) return null;
  const isAltGraph = event.getModifierState?.('AltGraph') === true;
  if (event.metaKey || (!isAltGraph && (event.ctrlKey || event.altKey))) return null;
  const { key } = event;
  if (modifierKeys.has(key) || key === 'Dead' || key === 'Unidentified') return null;
  if (key.length === 1 && /\p{L}/u.test(key)) {
    const letter = key.toLowerCase();
    return event.shiftKey ? `Shift+${letter.toUpperCase()}` : letter;
  }
  if (key.length > 1) return event.shiftKey ? `Shift+${key}` : key;
  return key;
}

/** The parts of the document the rules read. */
export type ShortcutDocument = {
  querySelectorAll: (selector: string) => ArrayLike<{ matches: (selector: string) => boolean }>;
};

/** True while a modal `<dialog>` is open: the page behind is inert, and so are its shortcuts. */
export function isModalOpen(document: ShortcutDocument): boolean {
  const dialogs = document.querySelectorAll('dialog[open]');
  for (let index = 0; index < dialogs.length; index++) {
    const dialog = dialogs[index];
    if (!dialog) continue;
    try {
      if (dialog.matches(':modal')) return true;
    } catch {
      // A browser without :modal: an open dialog counts as modal, the safe side.
      return true;
    }
  }
  return false;
}

/**
 * A shortcut's action. It returns false when it did not act (no row under the cursor), so the
 * key goes on to the next handler; anything else means it took the key.
 */
export type ShortcutHandler = (event: KeyboardEvent) => unknown;

/**
 * Shortcuts by key (`shortcutKeyOf`'s names); a sequence is two keys with a space (`g m`).
 */
export type ShortcutMap = Readonly<Record<string, ShortcutHandler>>;

type Registration = {
  map: { readonly current: ShortcutMap };
  /** Keys that act again while held down (moving a cursor); others act once per press. */
  repeatable: ReadonlySet<string>;
};

/** The key press as the dispatcher reads it: a DOM KeyboardEvent, or a test's stand-in. */
export type DispatchedEvent = ShortcutKeyEvent & {
  target: unknown;
  repeat?: boolean;
  defaultPrevented?: boolean;
  preventDefault: () => void;
};

/**
 * Dispatches key presses to the registered maps, newest first (the screen mounted last is the
 * one in front); a handler returning false passes the key on. A prefix key (`g`) of some
 * registered sequence waits `sequenceTimeoutMs` for its second key, which it then takes.
 */
export function createShortcutDispatcher({
  now = () => performance.now(),
  isBlocked = () => false,
}: {
  now?: () => number;
  /** Whether the page is blocked for shortcuts (a modal dialog is open). */
  isBlocked?: () => boolean;
} = {}) {
  const registrations: Registration[] = [];
  let pending: { prefix: string; until: number } | null = null;
  let suspensions = 0;

  function find(key: string): { handler: ShortcutHandler; registration: Registration }[] {
    const found = [];
    for (let index = registrations.length - 1; index >= 0; index--) {
      const registration = registrations[index];
      const handler = registration?.map.current[key];
      if (registration && handler) found.push({ handler, registration });
    }
    return found;
  }

  function isPrefix(key: string): boolean {
    return registrations.some((registration) =>
      Object.keys(registration.map.current).some((name) => name.startsWith(`${key} `)),
    );
  }

  function run(key: string, event: DispatchedEvent): boolean {
    for (const { handler, registration } of find(key)) {
      if (event.repeat && !registration.repeatable.has(key)) {
        event.preventDefault();
        return true;
      }
      if (handler(event as unknown as KeyboardEvent) !== false) {
        event.preventDefault();
        return true;
      }
    }
    return false;
  }

  /** Handles one key press; true when a shortcut took it. */
  function handle(event: DispatchedEvent): boolean {
    if (event.defaultPrevented) return false;
    const key = shortcutKeyOf(event);
    // Shift pressed on its way to Shift+X says nothing yet, and does not end a sequence.
    if (key === null && modifierKeys.has(event.key)) return false;
    const waiting = pending;
    pending = null;
    if (key === null || suspensions > 0) return false;
    if (ownsKey(asTarget(event.target), key) || isBlocked()) return false;
    if (waiting && now() <= waiting.until) {
      if (run(`${waiting.prefix} ${key}`, event)) return true;
    }
    if (!event.repeat && isPrefix(key)) {
      pending = { prefix: key, until: now() + sequenceTimeoutMs };
      event.preventDefault();
      return true;
    }
    return run(key, event);
  }

  return {
    handle,
    register(registration: Registration): () => void {
      registrations.push(registration);
      return () => {
        const index = registrations.indexOf(registration);
        if (index >= 0) registrations.splice(index, 1);
      };
    },
    /** While suspended (the palette is open), no key is a shortcut. */
    suspend(): () => void {
      suspensions++;
      pending = null;
      return () => {
        suspensions--;
      };
    },
    get count() {
      return registrations.length;
    },
  };
}

/** The page's one dispatcher, listening on the document while anything is registered. */
const pageShortcuts = createShortcutDispatcher({
  isBlocked: () => typeof document !== 'undefined' && isModalOpen(document),
});

function onDocumentKeyDown(event: KeyboardEvent) {
  pageShortcuts.handle(event);
}

function registerOnPage(registration: Registration): () => void {
  // Bubble phase on the document: React's handlers (at the root, inside it) run first, so a
  // component that handles a key itself (Escape in a dropdown) keeps it.
  if (pageShortcuts.count === 0) document.addEventListener('keydown', onDocumentKeyDown);
  const unregister = pageShortcuts.register(registration);
  return () => {
    unregister();
    if (pageShortcuts.count === 0) document.removeEventListener('keydown', onDocumentKeyDown);
  };
}

/**
 * Registers `map` while the component is mounted (and `enabled`). The handlers may change on
 * every render (they read the latest props); the registration does not.
 */
export function useShortcuts(
  map: ShortcutMap,
  options: { enabled?: boolean; repeatable?: readonly string[] } = {},
): void {
  const mapRef = useRef(map);
  useLayoutEffect(() => {
    mapRef.current = map;
  });
  const enabled = options.enabled ?? true;
  const repeatable = (options.repeatable ?? []).join('\n');
  useEffect(() => {
    if (!enabled) return;
    return registerOnPage({ map: mapRef, repeatable: new Set(repeatable.split('\n')) });
  }, [enabled, repeatable]);
}

/** No key is a shortcut while `isSuspended` (the search palette is open, or opening). */
export function useSuspendShortcuts(isSuspended: boolean): void {
  useEffect(() => (isSuspended ? pageShortcuts.suspend() : undefined), [isSuspended]);
}

export type ShortcutGroup = 'Anywhere' | 'Lists' | 'Records';

/** One line of the help dialog. */
export type ShortcutHelp = {
  group: ShortcutGroup;
  /** Alternatives ("j or ↓"), each a sequence of keys pressed one after the other ("g m"). */
  keys: readonly (readonly string[])[];
  description: string;
};

/** Every shortcut, for the help dialog (`?`); the areas' letters of `g` come from the registry. */
export const shortcutHelp: readonly ShortcutHelp[] = [
  { group: 'Anywhere', keys: [['?']], description: 'Show the keyboard shortcuts' },
  { group: 'Anywhere', keys: [['Ctrl+K'], ['⌘+K']], description: 'Open or close the search' },
  { group: 'Lists', keys: [['j'], ['↓']], description: 'Move the row cursor down' },
  { group: 'Lists', keys: [['k'], ['↑']], description: 'Move the row cursor up' },
  { group: 'Lists', keys: [['Enter'], ['o']], description: 'Open the row under the cursor' },
  { group: 'Lists', keys: [['x']], description: 'Select or unselect the row under the cursor' },
  {
    group: 'Lists',
    keys: [['Shift+X']],
    description: 'Select the rows from the last one selected with x to the cursor',
  },
  { group: 'Lists', keys: [['/']], description: "Go to the list's search box" },
  { group: 'Lists', keys: [['Esc']], description: 'Clear the search (in the search box)' },
  { group: 'Records', keys: [[']']], description: 'Next record, in the order of its list' },
  { group: 'Records', keys: [['[']], description: 'Previous record, in the order of its list' },
  { group: 'Records', keys: [['e']], description: 'Open the Edit tab' },
  { group: 'Records', keys: [['Esc']], description: 'Back to the list, at the same row' },
];

export const shortcutGroups: readonly ShortcutGroup[] = ['Anywhere', 'Lists', 'Records'];
