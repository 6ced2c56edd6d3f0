/**
 * WAL segment names are TTTTTTTTXXXXXXXXYYYYYYYY (timeline, then the segment's position); within
 * one timeline they sort in the order they were written.
 */
const segmentName = /^[0-9A-F]{24}$/;

/** The segments of pg_wal from `first` to `last` (both included), same timeline. */
export function segmentsBetween(names: string[], first: string, last: string): string[] {
  const timeline = first.slice(0, 8);
  return names
    .filter((name) => segmentName.test(name) && name.slice(0, 8) === timeline)
    .filter((name) => name.slice(8) >= first.slice(8) && name.slice(8) <= last.slice(8))
    .sort();
}
