/**
 * An e-mail address cut where a line may break: after the "@" and after each dot, so that a long
 * address wraps as "averylongname@" / "forwarders." / "example" rather than in the middle of a
 * word (issue 14). Joined again, the pieces are the address.
 */
export function emailBreakPoints(email: string): string[] {
  return email.split(/(?<=[@.])/).filter((piece) => piece !== '');
}
