import type { SearchDocumentType } from '@ops/contract';
import { hitTypeBadgeClasses } from '../utils/hits';

/** The kind of record a hit is: profile, application, member or invoice. */
export function TypeBadge({ type }: { type: SearchDocumentType }) {
  return (
    <span
      className={`shrink-0 rounded px-1.5 py-0.5 text-xs font-medium ${hitTypeBadgeClasses[type]}`}
    >
      {type}
    </span>
  );
}
