import { Fragment } from 'react';
import { focusRing } from '@ops/ui/button';
import { Modal } from '@ops/ui/modal';
import { shortcutGroups, shortcutHelp, type ShortcutHelp } from '@/lib/shortcuts';
import type { ScreenRegistry } from '@ops/ui/screen-registry';
import { areas } from '@/config/screens';
import { sidebarEntriesOf } from './sidebar';

/** `g` then a letter: an area of the sidebar, where its entry links. */
export type AreaShortcut = { letter: string; label: string; to: string };

/** The areas' letters (`shortcut` in the registry), in the sidebar's order. */
export function areaShortcutsOf(declared: ScreenRegistry): AreaShortcut[] {
  const entries = sidebarEntriesOf(declared);
  return Object.values(declared).flatMap((area): AreaShortcut[] => {
    const letter = area.sidebar?.shortcut;
    const entry = entries.find((candidate) => candidate.label === area.sidebar?.label);
    return letter && entry ? [{ letter, label: entry.label, to: entry.to }] : [];
  });
}

export const areaShortcuts = areaShortcutsOf(areas);

/** The help's lines: the table of lib/shortcuts.ts, with the areas' letters after `?`. */
export function helpLines(): ShortcutHelp[] {
  const goTo = areaShortcuts.map((area): ShortcutHelp => ({
    group: 'Anywhere',
    keys: [['g', area.letter]],
    description: `Go to ${area.label}`,
  }));
  return [
    ...shortcutHelp.filter((line) => line.group === 'Anywhere'),
    ...goTo,
    ...shortcutHelp.filter((line) => line.group !== 'Anywhere'),
  ];
}

function Keys({ keys }: { keys: ShortcutHelp['keys'] }) {
  return (
    <>
      {keys.map((sequence, alternative) => (
        <Fragment key={sequence.join(' ')}>
          {alternative > 0 ? <span className="px-1 text-slate-500">or</span> : null}
          {sequence.map((key, step) => (
            <Fragment key={key}>
              {step > 0 ? <span className="px-1 text-slate-500">then</span> : null}
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-sans text-xs text-slate-800">
                {key}
              </kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}

/** `?` (or the sidebar's button): every shortcut, grouped as Anywhere, Lists and Records. */
export function KeyboardShortcutsDialog({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  const lines = helpLines();
  return (
    <Modal isOpen={isOpen} title="Keyboard shortcuts" onClose={onClose} width="wide">
      <p className="text-sm text-slate-600">
        The keys work anywhere outside a text field; after <kbd>g</kbd>, press the letter within 1.5
        seconds.
      </p>
      {/* No scroll area of its own: the dialog scrolls when the window is low, with its
          Close button inside, so the keyboard reaches the whole list. */}
      <div className="flex flex-col gap-4">
        {shortcutGroups.map((group) => (
          <section key={group} aria-labelledby={`shortcuts-${group}`}>
            <h3 id={`shortcuts-${group}`} className="mb-1 text-sm font-semibold text-slate-900">
              {group}
            </h3>
            <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
              {lines
                .filter((line) => line.group === group)
                .map((line) => (
                  <div key={`${line.keys.join()}-${line.description}`} className="contents">
                    <dt className="whitespace-nowrap">
                      <Keys keys={line.keys} />
                    </dt>
                    <dd className="text-slate-700">{line.description}</dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
      </div>
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className={`rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 ${focusRing}`}
        >
          Close
        </button>
      </div>
    </Modal>
  );
}

/** The way to the help for those who do not know `?`: in the sidebar, above the user. */
export function KeyboardShortcutsButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-keyshortcuts="?"
      className={`flex w-full items-center justify-between rounded-md px-3 py-1.5 text-left text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${focusRing} pointer-coarse:hidden`}
    >
      Keyboard shortcuts
      <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-sans text-xs text-slate-600">
        ?
      </kbd>
    </button>
  );
}
