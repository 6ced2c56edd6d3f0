/**
 * The start of a member's or an application's description line: its number, category and
 * country (when known), with middle dots between them that assistive technology skips. The
 * caller's badges follow in the same line.
 */
export function OrganisationSummary({
  of: { number, countryName },
  category,
}: {
  of: { number: string; countryName: string | null };
  /** The category in words (the caller's labels). */
  category: string;
}) {
  return (
    <>
      <span className="font-mono">{number}</span>
      <span aria-hidden="true">·</span>
      <span>{category}</span>
      {countryName ? (
        <>
          <span aria-hidden="true">·</span>
          <span>{countryName}</span>
        </>
      ) : null}
    </>
  );
}
