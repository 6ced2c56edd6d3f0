import { savedViewLists } from '@ops/contract/saved-view-lists';
import type { SavedViewListName, TSavedView } from '@ops/contract/saved-views';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { focusRing } from '@ops/ui/button';
import { ConfirmDialog } from '@ops/ui/confirm-dialog';
import { DialogFooter, Modal } from '@ops/ui/modal';
import { TextField } from '@ops/ui/text-field';
import {
  useDeleteSavedView,
  useSetSavedViewDefault,
  useUpdateSavedView,
} from '@/lib/api/saved-views';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { DropdownCaret } from '../dropdown';
import { useDropdownPanel } from '../use-dropdown-panel';
import { issueOf, useViewNameField } from './save-view-dialog';
import { isViewShown, viewHref, viewLocationState } from './saved-view-params';

/** Who shared a view, as the menu names them. */
function ownerName(view: TSavedView): string {
  return view.owner.displayName ?? view.owner.email;
}

/** The line under a view's name: shared (and by whom), the default. */
function viewMarks(view: TSavedView): string {
  const marks = [
    view.isShared ? (view.isOwn ? 'Shared' : `Shared by ${ownerName(view)}`) : null,
    view.isDefault ? 'Default' : null,
  ];
  return marks.filter(Boolean).join(' · ');
}

const itemClass = `flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100 ${focusRing}`;

/** Arrow keys, Home and End move between the menu's links and buttons. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'),
  ];
  if (items.length === 0) return;
  event.preventDefault();
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : event.key === 'ArrowDown'
          ? (index + 1) % items.length
          : (index - 1 + items.length) % items.length;
  items[next]?.focus();
}

/** One entry of a view's actions (under its ⋯ button). */
function ViewAction({
  onClick,
  isDanger = false,
  children,
}: {
  onClick: () => void;
  isDanger?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        className={isDanger ? `${itemClass} text-red-800` : itemClass}
        onClick={onClick}
      >
        {children}
      </button>
    </li>
  );
}

function RenameForm({ view, onClose }: { view: TSavedView; onClose: () => void }) {
  const update = useUpdateSavedView();
  const nameField = useViewNameField(view.name, update);
  const otherError =
    update.error && !issueOf(update.error, 'name') ? getErrorMessage(update.error) : null;
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={nameField.submit(
        (name) => update.mutateAsync({ id: view.id, version: view.version, name }),
        onClose,
      )}
    >
      <TextField {...nameField.field} />
      <DialogFooter
        errorText={otherError}
        onCancel={onClose}
        submit={{ label: 'Rename view', busyLabel: 'Renaming…', isBusy: update.isPending }}
      />
    </form>
  );
}

type Pending = { kind: 'rename' | 'delete'; view: TSavedView } | null;

/**
 * The list's views menu: a button naming the view the URL shows (or "All <noun>"), opening a
 * panel of the operator's own and the shared views, the current one checked. A view opens at
 * its list's path with the server's `openParams`; each has its actions (rename, update with
 * the current view, share, delete when the operator may edit it; default for any).
 */
export function ViewsMenu({
  list,
  noun,
  views,
  search,
  currentParams,
}: {
  list: SavedViewListName;
  noun: { one: string; many: string };
  views: readonly TSavedView[];
  /** The URL's query, without "?". */
  search: string;
  /** The current view as a save would keep it. */
  currentParams: string;
}) {
  const canShare = useCan('views.share');
  const update = useUpdateSavedView();
  const remove = useDeleteSavedView();
  const setDefault = useSetSavedViewDefault();
  const [actionsOf, setActionsOf] = useState<string | null>(null);
  // Closing the panel folds a view's actions too.
  const { rootRef, buttonRef, ...panel } = useDropdownPanel({ onClose: () => setActionsOf(null) });
  const [pending, setPending] = useState<Pending>(null);
  const { path } = savedViewLists[list];

  const current = views.find((view) => isViewShown(search, view.openParams)) ?? null;
  const isAll = current === null && isViewShown(search, '');
  const allLabel = `All ${noun.many}`;
  const label = current ? current.name : isAll ? allLabel : 'Unsaved view';

  const run = (action: () => Promise<unknown>) => {
    panel.closePanel();
    void action().catch(() => undefined);
  };
  /** Changes one of the view's settings, at the version the menu shows. */
  const updateView = (
    view: TSavedView,
    change: Omit<Parameters<typeof update.mutateAsync>[0], 'id' | 'version'>,
  ) => run(() => update.mutateAsync({ id: view.id, version: view.version, ...change }));
  const actionError = update.error ?? setDefault.error;

  return (
    <div className="flex flex-col gap-1">
      <div ref={rootRef} className="relative" {...panel.rootProps}>
        <button
          ref={buttonRef}
          {...panel.buttonProps}
          aria-label={`Views: ${label}`}
          onClick={() => {
            panel.setIsOpen((open) => !open);
            setActionsOf(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' || panel.isOpen) return;
            event.preventDefault();
            panel.setIsOpen(true);
          }}
          className={`inline-flex max-w-72 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 ${focusRing}`}
        >
          <span className="truncate">{label}</span>
          <DropdownCaret />
        </button>
        {panel.isOpen ? (
          <div
            {...panel.panelProps}
            aria-label={`Saved views of ${noun.many}`}
            onKeyDown={moveFocus}
            className="absolute top-full left-0 z-30 mt-1 max-h-96 w-80 max-w-[calc(100vw-2rem)] overflow-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
          >
            <ul className="flex flex-col gap-0.5">
              <li>
                <Link
                  to={path}
                  aria-current={isAll ? 'true' : undefined}
                  onClick={() => panel.setIsOpen(false)}
                  className={itemClass}
                >
                  <span aria-hidden="true" className="w-4 shrink-0 text-sky-700">
                    {isAll ? '✓' : ''}
                  </span>
                  {allLabel}
                </Link>
              </li>
              {views.map((view) => {
                const isCurrent = view.id === current?.id;
                const isExpanded = actionsOf === view.id;
                const marks = viewMarks(view);
                return (
                  <li key={view.id} className="flex flex-col">
                    <div className="flex items-start gap-1">
                      <Link
                        to={viewHref(view)}
                        state={viewLocationState(view)}
                        aria-current={isCurrent ? 'true' : undefined}
                        onClick={() => panel.setIsOpen(false)}
                        className={`${itemClass} min-w-0 flex-1`}
                      >
                        <span aria-hidden="true" className="w-4 shrink-0 text-sky-700">
                          {isCurrent ? '✓' : ''}
                        </span>
                        <span className="flex min-w-0 flex-col">
                          <span className="truncate">{view.name}</span>
                          {marks ? <span className="text-xs text-slate-500">{marks}</span> : null}
                        </span>
                      </Link>
                      <button
                        type="button"
                        aria-expanded={isExpanded}
                        aria-label={`Actions for ${view.name}`}
                        onClick={() => setActionsOf(isExpanded ? null : view.id)}
                        className={`shrink-0 rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100 ${focusRing}`}
                      >
                        <span aria-hidden="true">⋯</span>
                      </button>
                    </div>
                    {isExpanded ? (
                      <ul
                        aria-label={`Actions for ${view.name}`}
                        className="ml-6 flex flex-col border-l border-slate-200 pl-2"
                      >
                        {view.canEdit ? (
                          <ViewAction
                            onClick={() => {
                              panel.closePanel();
                              setPending({ kind: 'rename', view });
                            }}
                          >
                            Rename…
                          </ViewAction>
                        ) : null}
                        {view.canEdit && !isViewShown(currentParams, view.params) ? (
                          <ViewAction onClick={() => updateView(view, { params: currentParams })}>
                            Update with the current view
                          </ViewAction>
                        ) : null}
                        {view.canEdit && (view.isShared || canShare) ? (
                          <ViewAction
                            onClick={() => updateView(view, { isShared: !view.isShared })}
                          >
                            {view.isShared ? 'Stop sharing' : 'Share with all operators'}
                          </ViewAction>
                        ) : null}
                        <ViewAction
                          onClick={() =>
                            run(() =>
                              setDefault.mutateAsync({
                                list,
                                viewId: view.isDefault ? null : view.id,
                              }),
                            )
                          }
                        >
                          {view.isDefault ? 'Remove default' : 'Set as default'}
                        </ViewAction>
                        {view.canEdit ? (
                          <ViewAction
                            isDanger
                            onClick={() => {
                              panel.closePanel();
                              remove.reset();
                              setPending({ kind: 'delete', view });
                            }}
                          >
                            Delete…
                          </ViewAction>
                        ) : null}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {views.length === 0 ? (
              <p className="px-2 py-1.5 text-sm text-slate-500">
                No saved views yet: Save view keeps this one.
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      {actionError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(actionError)}
        </p>
      ) : null}

      <Modal
        isOpen={pending?.kind === 'rename'}
        title={`Rename “${pending?.view.name ?? ''}”`}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'rename' ? (
          <RenameForm key={pending.view.id} view={pending.view} onClose={() => setPending(null)} />
        ) : null}
      </Modal>
      <ConfirmDialog
        isOpen={pending?.kind === 'delete'}
        title={`Delete “${pending?.view.name ?? ''}”?`}
        confirmLabel="Delete view"
        busyLabel="Deleting…"
        tone="danger"
        isBusy={remove.isPending}
        error={remove.error ? getErrorMessage(remove.error) : null}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind !== 'delete') return;
          remove.mutateAsync({ id: pending.view.id, version: pending.view.version }).then(
            () => setPending(null),
            () => undefined,
          );
        }}
      >
        {pending?.view.isShared
          ? 'The view is shared: it disappears for every operator. The rows stay as they are.'
          : 'The view disappears from the sidebar and this menu. The rows stay as they are.'}
      </ConfirmDialog>
    </div>
  );
}
