/** The console's mark (public/logo.svg): a globe crossed by a route. Decorative next to a name. */
export function Logo({ className = 'size-8' }: { className?: string }) {
  return (
    <img
      src={`${import.meta.env.BASE_URL}logo.svg`}
      alt=""
      width={32}
      height={32}
      className={className}
    />
  );
}
