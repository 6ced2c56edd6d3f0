import { actionLinkModes, actionLinkParams } from './constants';

export type ActionLinkMode = (typeof actionLinkModes)[keyof typeof actionLinkModes];

/** What an e-mailed link carries in its query string: what it is for and its one-time code. */
export type ActionLink = { mode: ActionLinkMode; code: string };

const modes: readonly string[] = Object.values(actionLinkModes);

function isActionLinkMode(mode: string | null): mode is ActionLinkMode {
  return mode !== null && modes.includes(mode);
}

/** The action link the page address (absolute, or a path with query) is, or null. */
export function getActionLink(href: string): ActionLink | null {
  const { searchParams } = new URL(href, 'http://localhost');
  const mode = searchParams.get(actionLinkParams.mode);
  const code = searchParams.get(actionLinkParams.code);
  if (!isActionLinkMode(mode) || !code) return null;
  return { mode, code };
}

/**
 * The e-mail a link names, if any: a link printed to the server's terminal does (issue 20), so
 * that the browser it is opened in, which never asked for it, can sign in with one click. Anyone
 * can append it to an e-mailed link: the server takes it only for a terminal's code.
 */
export function getLinkEmail(href: string): string | null {
  const email = new URL(href, 'http://localhost').searchParams.get(actionLinkParams.email);
  return email?.trim() || null;
}

/** True when the address is an e-mailed sign-in link (spec §4). */
export function isSignInLink(href: string): boolean {
  return getActionLink(href)?.mode === actionLinkModes.signIn;
}

/**
 * The address to put in the history once a link was used: same path and hash, no query string,
 * so a reload does not use the code again.
 */
export function withoutQueryString(href: string): string {
  const { pathname, hash } = new URL(href);
  return `${pathname}${hash}`;
}

/**
 * The page to come back to from an e-mailed link or the Microsoft redirect: the current page,
 * without the parameters of a link already used (the server adds fresh ones) and without hash.
 */
export function getContinueUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(actionLinkParams.mode);
  url.searchParams.delete(actionLinkParams.code);
  url.searchParams.delete(actionLinkParams.email);
  url.hash = '';
  return url.href;
}
