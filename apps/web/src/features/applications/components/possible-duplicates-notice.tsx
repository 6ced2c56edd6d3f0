import type { TApplicationDetail } from '@ops/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const reasons = { vat: 'same VAT number', name: 'same name and country' } as const;

/**
 * Tells the reviewer the company may be known already: a member, or another application still
 * open, with the same VAT number or the same name in the same country. A flag, not a refusal:
 * a group's second company or a re-application after a termination is legitimate.
 */
export function PossibleDuplicatesNotice({ application }: { application: TApplicationDetail }) {
  if (application.possibleDuplicates.length === 0) return null;
  return (
    <section
      aria-labelledby="possible-duplicates"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h2 id="possible-duplicates" className="font-semibold">
        Possible duplicate
      </h2>
      <ul className="mt-1 flex flex-col gap-1">
        {application.possibleDuplicates.map((duplicate) => (
          <li key={`${duplicate.kind}-${duplicate.id}`}>
            <Link
              className="font-medium text-amber-950 underline underline-offset-2"
              to={
                duplicate.kind === 'member'
                  ? paths.member.getHref({ mid: duplicate.id })
                  : paths.application.getHref({ aid: duplicate.id })
              }
            >
              {duplicate.number}
            </Link>{' '}
            {duplicate.legalName} ({reasons[duplicate.reason]})
          </li>
        ))}
      </ul>
    </section>
  );
}
