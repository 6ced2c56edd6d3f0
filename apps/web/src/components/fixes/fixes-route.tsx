import { useState, type ReactNode } from 'react';
import { Button } from '@ops/ui/button';
import { PageOfList } from '@/components/screen';
import { useCan, type OperatorAction } from '@/lib/permissions';
import { FixesPanelFrame } from './fixes-panel';
import { FixesScreen } from './fixes-screen';

/** Findings per page (or per "Show more") of a check. */
export const findingsPageSize = 20;
/** "Show more" grows a check's findings up to this many. */
const maxGrownFindings = 200;

/** What a fixes screen gives one check's findings: which of them, and whether and how to repair. */
export type FindingsProps = {
  offset: number;
  limit: number;
  canEdit: boolean;
  onResult: (message: string) => void;
};

/** What one finding's card gets. */
export type FindingProps<F> = { finding: F; canEdit: boolean; onResult: (message: string) => void };

/** One check of the summary, as the area's API answers it. */
export type FixesCheckSummary<C extends string> = {
  check: C;
  title: string;
  description: string;
  count: number;
};

/**
 * An area's fixes screen, declared once: its words, who may repair, how a check's findings page
 * and each check's findings (the area's registry of checks, as the server has one per check).
 */
export type FixesArea<C extends string, S extends FixesCheckSummary<C>> = {
  title: string;
  description: string;
  list: { href: string; title: string };
  /** The action that repairs; without it the findings show but not the buttons. */
  repairAction: OperatorAction;
  /** Who may repair, for the read-only note: "the finance or admin role". */
  repairingRoles: string;
  /**
   * `pages`: Previous and Next through pages of findings (a check can find thousands);
   * `more`: "Show more" up to 200 (a repair removes a finding).
   */
  paging: 'pages' | 'more';
  /** The check's description under its title (its own when absent). */
  describe?: (check: S) => string;
  /** The findings of one check. */
  findings: (check: C, props: FindingsProps) => ReactNode;
};

type SummaryQuery<S> = {
  data: { checks: readonly S[] } | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** The whole fixes screen of an area: every check with its count, findings and repairs. */
export function FixesRoute<C extends string, S extends FixesCheckSummary<C>>({
  area,
  summary,
}: {
  area: FixesArea<C, S>;
  summary: SummaryQuery<S>;
}) {
  const canEdit = useCan(area.repairAction);
  const [result, setResult] = useState<string | null>(null);
  const Panel = area.paging === 'pages' ? PagedFixesPanel : GrowingFixesPanel;
  return (
    <PageOfList listHref={area.list.href} listTitle={area.list.title}>
      <FixesScreen
        title={area.title}
        description={area.description}
        closeHref={area.list.href}
        canEdit={canEdit}
        repairingRoles={area.repairingRoles}
        summary={{
          isPending: summary.isPending,
          error: summary.error,
          hasData: summary.data !== undefined,
          refetch: summary.refetch,
        }}
        result={result}
        onDismissResult={() => setResult(null)}
      >
        {summary.data?.checks.map((check) => (
          <Panel
            key={check.check}
            title={check.title}
            description={area.describe ? area.describe(check) : check.description}
            count={check.count}
          >
            {(offset, limit) =>
              area.findings(check.check, { offset, limit, canEdit, onResult: setResult })
            }
          </Panel>
        ))}
      </FixesScreen>
    </PageOfList>
  );
}

type FixesPanelProps = {
  title: string;
  description: string;
  count: number;
  /** The panel's findings from `offset`, `limit` of them; rendered only while it is open. */
  children: (offset: number, limit: number) => ReactNode;
};

/** One check: its title and count, and (opened) a page of its findings with Previous and Next. */
function PagedFixesPanel({ title, description, count, children }: FixesPanelProps) {
  const [offset, setOffset] = useState(0);
  // Repairs shrink the list: never stay on a page past its end.
  const lastPageOffset = Math.max(0, Math.floor((count - 1) / findingsPageSize) * findingsPageSize);
  const pageOffset = Math.min(offset, lastPageOffset);
  const pageEnd = Math.min(count, pageOffset + findingsPageSize);
  return (
    <FixesPanelFrame title={title} description={description} count={count}>
      {children(pageOffset, findingsPageSize)}
      {count > findingsPageSize ? (
        <nav
          aria-label={`Pages of ${title.toLowerCase()}`}
          className="flex flex-wrap items-center gap-2 text-sm text-slate-600"
        >
          <Button
            variant="secondary"
            aria-disabled={pageOffset === 0 || undefined}
            onClick={() => {
              if (pageOffset > 0) setOffset(Math.max(0, pageOffset - findingsPageSize));
            }}
          >
            Previous
          </Button>
          <span>
            {(pageOffset + 1).toLocaleString('en')}–{pageEnd.toLocaleString('en')} of{' '}
            {count.toLocaleString('en')}
          </span>
          <Button
            variant="secondary"
            aria-disabled={pageEnd >= count || undefined}
            onClick={() => {
              if (pageEnd < count) setOffset(pageOffset + findingsPageSize);
            }}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </FixesPanelFrame>
  );
}

/** One check, its findings (always from the first) growing by "Show more" up to 200. */
function GrowingFixesPanel({ title, description, count, children }: FixesPanelProps) {
  const [limit, setLimit] = useState(findingsPageSize);
  return (
    <FixesPanelFrame title={title} description={description} count={count}>
      {children(0, limit)}
      {count > limit && limit < maxGrownFindings ? (
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              setLimit((current) => Math.min(current + findingsPageSize, maxGrownFindings))
            }
          >
            Show more ({(count - limit).toLocaleString('en')} not shown)
          </Button>
        </div>
      ) : count > limit ? (
        <p className="text-sm text-slate-500">
          The first {maxGrownFindings} findings are shown; repair them to see the next ones.
        </p>
      ) : null}
    </FixesPanelFrame>
  );
}
