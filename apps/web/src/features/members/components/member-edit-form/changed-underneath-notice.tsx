import type { TMemberDetail } from '@ops/contract';
import { Button } from '@ops/ui/button';
import { formatDateTime } from '@ops/ui/format';

/** Someone else saved the member while this form holds changes: say who, offer a reload. */
export function ChangedUnderneathNotice({
  member,
  isReloading,
  onReload,
}: {
  member: TMemberDetail;
  isReloading: boolean;
  onReload: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p>
        Someone else changed this member while you were editing
        {member.updatedBy ? ` (${member.updatedBy}, ${formatDateTime(member.updatedAt)})` : ''}.
        Saving your changes would be refused; reload to start again from the current version.
      </p>
      <div>
        <Button variant="secondary" isBusy={isReloading} onClick={onReload}>
          {isReloading ? 'Reloading…' : 'Reload'}
        </Button>
      </div>
    </div>
  );
}
