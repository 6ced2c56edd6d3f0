/** An indeterminate progress bar: something is loading and how long it takes is unknown. */
export function ProgressBar({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="progressbar" aria-label={label} className="h-0.5 w-full overflow-hidden bg-sky-100">
      <div className="h-full w-2/5 animate-indeterminate bg-sky-600 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
