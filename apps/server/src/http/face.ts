import type { Audience } from '../db/schema';
import type { Config } from '../config';

/**
 * Which of the product's two faces an app serves (issue 34): the staff's console on `PUBLIC_URL`,
 * or the members' portal on `PORTAL_URL`. Each is its own Fastify app on its own listener; what
 * differs between them is read from here: the origin writes must come from, the session cookie
 * and the sessions it accepts, where e-mailed links lead, which areas it serves and what a route
 * that declares no access is (the console's API is for operators, the portal's for its people).
 */
export type Face = {
  audience: Audience;
  /** The face's own address: its origin, its links and its cookie's `Secure`. */
  url: string;
};

export function consoleFace(config: Config): Face {
  return { audience: 'console', url: config.publicUrl };
}

export function portalFace(config: Config): Face {
  return { audience: 'portal', url: config.portalUrl };
}
