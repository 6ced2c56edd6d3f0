// Local storage keys of spec §3, exactly as the spec names them.
const rememberedEmailKey = 'email';
const emailForSignInKey = 'emailForSignIn';

/** The subset of Web Storage used here, so tests can pass a Map-backed fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Storage can be missing or refuse writes (private windows, full quota, disabled cookies):
// remembering an e-mail is a convenience, so a failure is ignored.
function defaultStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read(key: string, storage: KeyValueStorage | null): string | null {
  try {
    return storage?.getItem(key) || null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null, storage: KeyValueStorage | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // See defaultStorage.
  }
}

/** The e-mail last used to sign in on this browser ('email'), to prefill the form. */
export function getRememberedEmail(storage = defaultStorage()): string | null {
  return read(rememberedEmailKey, storage);
}

export function rememberEmail(email: string, storage = defaultStorage()): void {
  write(rememberedEmailKey, email, storage);
}

/** The e-mail a sign-in link was sent to ('emailForSignIn'), to complete the link without asking. */
export function getEmailForSignIn(storage = defaultStorage()): string | null {
  return read(emailForSignInKey, storage);
}

export function setEmailForSignIn(email: string | null, storage = defaultStorage()): void {
  write(emailForSignInKey, email, storage);
}
