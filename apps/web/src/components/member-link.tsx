import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * A member's name as a link to the member, wherever a record shows whose it is (issue 14: member
 * names are linked everywhere). Without an id (a member since deleted) the name stays plain text.
 */
export function MemberLink({
  mid,
  name,
  className = '',
}: {
  mid: string | null | undefined;
  name: string;
  className?: string;
}) {
  if (!mid) return <span className={className}>{name}</span>;
  return (
    <Link
      to={paths.member.getHref({ mid })}
      className={`text-sky-800 underline decoration-sky-800/30 underline-offset-2 hover:decoration-sky-800 ${className}`}
    >
      {name}
    </Link>
  );
}

/**
 * The same link in a list cell: a plain anchor that the list table's one click handler routes
 * (no router hooks per row), lifted above the row's own link, whose box covers the row.
 */
export function MemberCellLink({ mid, name }: { mid: string | null | undefined; name: string }) {
  if (!mid) return <>{name}</>;
  return (
    <a
      href={paths.member.getHref({ mid })}
      data-route-link=""
      className="relative z-[1] text-sky-800 underline decoration-sky-800/30 underline-offset-2 hover:decoration-sky-800"
    >
      {name}
    </a>
  );
}
