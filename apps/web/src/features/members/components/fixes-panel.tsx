import { useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { FixesPanelFrame } from '@/components/fixes/fixes-panel';

export {
  FindingCard,
  FindingsState,
  inputClass,
  MemberLink,
  RepairError,
} from '@/components/fixes/fixes-panel';

/** Findings fetched when a panel opens, and how many more "Show more" adds. */
export const findingsPageSize = 20;
const maxFindings = 200;

export type FixesPanelProps = {
  title: string;
  description: string;
  count: number;
  /** The panel's findings, given how many to show; rendered only while it is open. */
  children: (limit: number) => ReactNode;
};

/**
 * One member check, its findings growing by "Show more" up to 200 (member checks find few: a
 * repair removes a finding). Checks with findings start open.
 */
export function FixesPanel({ title, description, count, children }: FixesPanelProps) {
  const [isOpen, setIsOpen] = useState(count > 0);
  const [limit, setLimit] = useState(findingsPageSize);
  return (
    <FixesPanelFrame
      title={title}
      description={description}
      count={count}
      isOpen={isOpen}
      onToggle={() => setIsOpen((open) => !open)}
    >
      {children(limit)}
      {count > limit && limit < maxFindings ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => setLimit((current) => Math.min(current + findingsPageSize, maxFindings))}
          >
            Show more ({(count - limit).toLocaleString('en')} not shown)
          </Button>
        </div>
      ) : count > limit ? (
        <p className="text-sm text-slate-500">
          The first {maxFindings} findings are shown; repair them to see the next ones.
        </p>
      ) : null}
    </FixesPanelFrame>
  );
}
