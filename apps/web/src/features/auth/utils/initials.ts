/**
 * Up to two letters standing in for a missing photo: the first and last word of the display
 * name ("Ada King Lovelace" → "AL"), else the start of the e-mail's local part.
 */
export function getInitials(displayName: string | null, email: string): string {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = first
    ? [first, last].map((word) => (word ? ([...word][0] ?? '') : ''))
    : [[...email.trim()][0] ?? '?'];
  return letters.join('').toLocaleUpperCase();
}
