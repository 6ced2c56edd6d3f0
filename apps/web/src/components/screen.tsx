import {
  createContext,
  use,
  useEffect,
  useId,
  useRef,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Link, useLocation, useOutlet, useResolvedPath } from 'react-router';
import { ActionLink } from '@/components/action-link';
import { focusRing } from '@ops/ui/button';
import { tabParam } from '@/components/detail/detail-tabs';
import {
  ListDetailSeparator,
  RecordWidthToggle,
  splitTracks,
  useListSplit,
} from '@/components/list-detail-split';

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

// The shell's "Operations" is the h1; a screen nested in another screen's outlet (a detail
// beside its list) takes the next heading level, so the outline follows the nesting.
const HeadingLevelContext = createContext<HeadingLevel>(2);

/** The title of the screen around, for links back to it ("Back to members"). */
const ScreenTitleContext = createContext<string | null>(null);

/** The list a record was opened from: its URL with the list's view, and its title. */
type OpenedFromList = { href: string; title: string };

/**
 * Set by ListWithDetail around its record: the record's outermost screen shows the way back to
 * the list (Back on a narrow screen, Close beside the list), so every record has it in the same
 * place without each detail route adding it.
 */
const OpenedFromListContext = createContext<OpenedFromList | null>(null);

/**
 * The width from which a record shows beside its list (Tailwind's `xl`, 80rem); below it the
 * record replaces the list. The classes below spell the same breakpoint as `xl:`.
 */
const sideBySideQuery = '(min-width: 80rem)';

export type ScreenProps = {
  title: string;
  /** One line: what the screen is for. */
  description: ReactNode;
  /** Links or buttons shown next to the title. */
  actions?: ReactNode;
  children?: ReactNode;
};

/** A titled region of the console: a list, a detail, an upload form. */
export function Screen({ title, description, actions, children }: ScreenProps) {
  const level = use(HeadingLevelContext);
  const openedFrom = use(OpenedFromListContext);
  const headingId = useId();
  const Heading = `h${level}` as const;
  const nextLevel = Math.min(level + 1, 6) as HeadingLevel;
  const close = openedFrom ? (
    // Beside the list only: below the side-by-side width, Back (above the title) does this.
    <>
      <RecordWidthToggle />
      <ActionLink to={openedFrom.href} end className="hidden xl:inline-block">
        Close
      </ActionLink>
    </>
  ) : null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {openedFrom ? (
            <BackLink to={openedFrom.href} className="mb-2 xl:hidden">
              {`Back to ${openedFrom.title.toLowerCase()}`}
            </BackLink>
          ) : null}
          <Heading id={headingId} className="text-lg font-semibold break-words text-slate-900">
            {title}
          </Heading>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>
        {actions || close ? (
          <div className="flex flex-wrap gap-2">
            {actions}
            {close}
          </div>
        ) : null}
      </header>
      <HeadingLevelContext value={nextLevel}>
        <ScreenTitleContext value={title}>
          {/* Screens inside this one (a record's sections) are not the record: no second Close. */}
          <OpenedFromListContext value={null}>{children}</OpenedFromListContext>
        </ScreenTitleContext>
      </HeadingLevelContext>
    </section>
  );
}

/** A link back to where the person came from, above a screen's title: "← Back to members". */
export function BackLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center gap-1 rounded-md text-sm font-medium text-sky-800 hover:text-sky-950 hover:underline ${focusRing} ${className ?? ''}`}
    >
      <span aria-hidden="true">←</span>
      {children}
    </Link>
  );
}

/**
 * The list's view (its query string) without a record's own tab, for links back to the list: a
 * record opened from a filtered list goes back to the same filtered list.
 */
export function useListSearch(): string {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(tabParam);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A list screen's body: the list, and the record opened from it (the child route). From `xl`
 * the record shows beside the list; below, the record replaces the list (which stays mounted,
 * so its rows and scroll position are there on the way back) and is scrolled to the top, since
 * below the list it would open far out of sight and a tap would seem to do nothing.
 */
export function ListWithDetail({ children }: { children: ReactNode }) {
  const detail = useOutlet();
  const listTitle = use(ScreenTitleContext) ?? 'the list';
  const listPath = useResolvedPath('.').pathname;
  const listSearch = useListSearch();
  const { pathname } = useLocation();
  const detailRef = useRef<HTMLDivElement>(null);
  const splitRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const hasDetail = detail !== null;
  // Issue 19: the operator's split, or the record alone with the list hidden behind it.
  const { listPercent, isRecordFullWidth, setDragPercent } = useListSplit();
  const isFullWidth = hasDetail && isRecordFullWidth;

  // On opening a record (not on changing its tab, which is in the query string).
  useEffect(() => {
    if (!hasDetail || window.matchMedia(sideBySideQuery).matches) return;
    detailRef.current?.scrollIntoView({ block: 'start' });
  }, [hasDetail, pathname]);

  return (
    <div
      ref={splitRef}
      className={
        hasDetail
          ? `relative grid gap-4 xl:gap-0 ${isFullWidth ? '' : 'xl:grid-cols-(--split-tracks)'}`
          : undefined
      }
      style={
        hasDetail ? ({ '--split-tracks': splitTracks(listPercent) } as CSSProperties) : undefined
      }
    >
      <div
        id={listId}
        className={
          !hasDetail
            ? 'min-w-0'
            : isFullWidth
              ? // Hidden, yet laid out: its scroll position and rows are kept for "Show list".
                'hidden xl:invisible xl:absolute xl:inset-x-0 xl:top-0 xl:block xl:h-0 xl:overflow-hidden'
              : 'hidden min-w-0 xl:block'
        }
      >
        {children}
      </div>
      {hasDetail && !isFullWidth ? (
        <ListDetailSeparator
          containerRef={splitRef}
          listId={listId}
          listPercent={listPercent}
          onDrag={setDragPercent}
        />
      ) : null}
      {hasDetail ? (
        // The margin keeps the record's top clear of the sticky top bar of a phone.
        <div ref={detailRef} className="min-w-0 scroll-mt-16 md:scroll-mt-4">
          <OpenedFromListContext value={{ href: `${listPath}${listSearch}`, title: listTitle }}>
            {detail}
          </OpenedFromListContext>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A whole page that belongs to a list without being one of its records (CSV upload, fixes): it
 * takes the full width, with the way back to the list above it.
 */
export function PageOfList({
  listHref,
  listTitle,
  children,
}: {
  listHref: string;
  /** The list's title, e.g. "Members". */
  listTitle: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <BackLink to={listHref} className="self-start">
        {`Back to ${listTitle.toLowerCase()}`}
      </BackLink>
      {children}
    </div>
  );
}

/** Stands in for a list that a later issue builds; says so instead of showing made-up rows. */
export function ListPlaceholder({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
      {children}
    </p>
  );
}

/** The identifier a detail screen was opened with. */
export function RecordId({ label, value }: { label: string; value: string }) {
  return (
    <dl className="flex items-baseline gap-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd>
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">{value}</code>
      </dd>
    </dl>
  );
}
