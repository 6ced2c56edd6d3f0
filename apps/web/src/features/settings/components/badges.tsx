/** "Yes" / "No" as a small badge, for boolean columns. */
export function YesNoBadge({ value }: { value: boolean }) {
  return (
    <span
      className={[
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
        value ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-600',
      ].join(' ')}
    >
      {value ? 'Yes' : 'No'}
    </span>
  );
}

/** The "Default" marker of a currency's default bank account. */
export function DefaultBadge() {
  return (
    <span className="inline-flex rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800">
      Default
    </span>
  );
}
