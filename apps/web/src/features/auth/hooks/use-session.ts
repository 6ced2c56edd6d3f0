import type { TAuthUser, TOperatorRecord } from '@ops/contract';
import { createContext, use } from 'react';

/** Who is using the console: a signed-in user with an operator record (spec §6). */
export type Session = { user: TAuthUser; operator: TOperatorRecord };

/** Provided by AuthGate around the console, and only there. */
export const SessionContext = createContext<Session | null>(null);

/** The session of the console; only inside AuthGate's children. */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession is used outside the AuthGate.');
  return session;
}
