import type { TAuthUser } from '@ops/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@ops/ui/api-client';
import {
  describeSignInError,
  emailConfirmationPrompt,
  signInOnLoad,
  type SignInOnLoadDeps,
} from './sign-in-on-load';

const ada: TAuthUser = {
  uid: 'u1',
  email: 'ada@example.org',
  displayName: 'Ada',
  photoURL: null,
  preferredLanguage: 'en',
};

function deps(overrides: Partial<SignInOnLoadDeps> = {}) {
  return {
    href: 'https://ops.example.org/members/m1',
    getEmailForSignIn: vi.fn(() => null),
    forgetEmailForSignIn: vi.fn(),
    prompt: vi.fn(() => null),
    completeSignInLink: vi.fn(async () => ada),
    getRedirectResult: vi.fn(async () => ({ result: null })),
    replaceUrl: vi.fn(),
    logError: vi.fn(),
    ...overrides,
  } satisfies SignInOnLoadDeps;
}

const linkHref = 'https://ops.example.org/members/m1?mode=signIn&oobCode=CODE#x';

describe('signInOnLoad with a sign-in link (spec §4)', () => {
  it('completes with the stored e-mail, clears the query string and forgets the e-mail', async () => {
    const d = deps({ href: linkHref, getEmailForSignIn: vi.fn(() => 'ada@example.org') });
    await expect(signInOnLoad(d)).resolves.toEqual({ user: ada, error: null });
    expect(d.prompt).not.toHaveBeenCalled();
    expect(d.completeSignInLink).toHaveBeenCalledWith('ada@example.org', 'CODE');
    expect(d.replaceUrl).toHaveBeenCalledWith('/members/m1#x');
    expect(d.forgetEmailForSignIn).toHaveBeenCalled();
    expect(d.getRedirectResult).not.toHaveBeenCalled();
  });

  it('asks for the e-mail when none is stored', async () => {
    const d = deps({ href: linkHref, prompt: vi.fn(() => ' ada@example.org ') });
    await expect(signInOnLoad(d)).resolves.toEqual({ user: ada, error: null });
    expect(d.prompt).toHaveBeenCalledWith(emailConfirmationPrompt);
    expect(emailConfirmationPrompt).toBe('Please provide your email for confirmation');
    expect(d.completeSignInLink).toHaveBeenCalledWith('ada@example.org', 'CODE');
  });

  it('completes with the stored e-mail when it is the one the link names', async () => {
    const href = `${linkHref}&email=ada%40example.org`.replace('#x', '');
    const d = deps({ href, getEmailForSignIn: vi.fn(() => 'ada@example.org') });
    await signInOnLoad(d);
    expect(d.prompt).not.toHaveBeenCalled();
    expect(d.completeSignInLink).toHaveBeenCalledTimes(1);
    expect(d.completeSignInLink).toHaveBeenCalledWith('ada@example.org', 'CODE');
  });
});

describe('signInOnLoad with a link that names its e-mail (issue 20)', () => {
  const namedHref = 'https://ops.example.org/?mode=signIn&oobCode=CODE&email=ada%40example.org';
  const confirmFirst = new ApiError(
    'auth/email-confirmation-required',
    'Please confirm the e-mail address this link was sent to.',
    400,
  );

  it("signs a fresh browser in with the terminal link's e-mail, without a prompt", async () => {
    const d = deps({ href: namedHref });
    await expect(signInOnLoad(d)).resolves.toEqual({ user: ada, error: null });
    expect(d.prompt).not.toHaveBeenCalled();
    expect(d.completeSignInLink).toHaveBeenCalledWith('ada@example.org', 'CODE', {
      emailFromLink: true,
    });
    // The e-mail leaves the address with the code.
    expect(d.replaceUrl).toHaveBeenCalledWith('/');
    expect(d.forgetEmailForSignIn).toHaveBeenCalled();
  });

  it('asks with a blank prompt when the server refuses the e-mail of an e-mailed link', async () => {
    const completeSignInLink = vi.fn(
      async (_email: string, _code: string, options?: { emailFromLink?: boolean }) => {
        if (options?.emailFromLink) throw confirmFirst;
        return ada;
      },
    );
    const prompt = vi.fn((..._args: unknown[]) => 'ada@example.org');
    const d = deps({ href: namedHref, completeSignInLink, prompt });
    await expect(signInOnLoad(d)).resolves.toEqual({ user: ada, error: null });
    // Blank: nothing of the link is offered (spec §4's prompt, its message alone).
    expect(prompt.mock.calls).toEqual([[emailConfirmationPrompt]]);
    expect(completeSignInLink.mock.calls).toEqual([
      ['ada@example.org', 'CODE', { emailFromLink: true }],
      ['ada@example.org', 'CODE'],
    ]);
    expect(d.logError).not.toHaveBeenCalled();
  });

  it('takes the stored e-mail after that refusal, as spec §4 says, even when it is another', async () => {
    const completeSignInLink = vi.fn(
      async (_email: string, _code: string, options?: { emailFromLink?: boolean }) => {
        if (options?.emailFromLink) throw confirmFirst;
        return ada;
      },
    );
    const d = deps({
      href: namedHref,
      completeSignInLink,
      getEmailForSignIn: vi.fn(() => 'grace@example.org'),
    });
    await signInOnLoad(d);
    expect(d.prompt).not.toHaveBeenCalled();
    expect(completeSignInLink).toHaveBeenLastCalledWith('grace@example.org', 'CODE');
  });

  it('asks at once when the e-mail the link names is no address', async () => {
    const completeSignInLink = vi.fn(async (..._args: unknown[]) => ada);
    const d = deps({
      href: 'https://ops.example.org/?mode=signIn&oobCode=CODE&email=ada',
      prompt: vi.fn(() => 'ada@example.org'),
      completeSignInLink,
    });
    await signInOnLoad(d);
    expect(d.prompt).toHaveBeenCalledWith(emailConfirmationPrompt);
    expect(completeSignInLink.mock.calls).toEqual([['ada@example.org', 'CODE']]);
  });

  it('logs and returns any other refusal, clearing the spent code, without a prompt', async () => {
    const expired = new ApiError('auth/expired-action-code', 'This link has expired.', 400);
    const d = deps({
      href: namedHref,
      completeSignInLink: vi.fn(async () => Promise.reject(expired)),
    });
    // The e-mail the link names is not offered for a new link: a spent code cannot tell a
    // terminal's link from an e-mailed one with someone's address appended.
    await expect(signInOnLoad(d)).resolves.toEqual({
      user: null,
      error: expired,
      link: { email: null },
    });
    expect(d.prompt).not.toHaveBeenCalled();
    expect(d.logError).toHaveBeenCalledWith(
      'Sign-in with the link printed to the terminal failed: This link has expired. (auth/expired-action-code)',
    );
    expect(d.replaceUrl).toHaveBeenCalledWith('/');
    expect(d.forgetEmailForSignIn).not.toHaveBeenCalled();
  });
});

describe('signInOnLoad when the e-mail must be confirmed', () => {
  it.each([
    ['cancels', null],
    ['gives nothing', '  '],
    ['gives no e-mail address', 'ada'],
  ])('does not complete when the person %s, and keeps the link', async (_case, answer) => {
    const d = deps({ href: linkHref, prompt: vi.fn(() => answer) });
    const outcome = await signInOnLoad(d);
    expect(outcome.user).toBeNull();
    expect(outcome.error).toBeInstanceOf(Error);
    expect(outcome.link).toEqual({ email: null });
    expect(d.completeSignInLink).not.toHaveBeenCalled();
    expect(d.replaceUrl).not.toHaveBeenCalled();
    expect(d.logError).toHaveBeenCalledWith(expect.stringMatching(/^Sign-in link not completed: /));
  });

  it('logs and returns a refused link, clears the used code and keeps the stored e-mail', async () => {
    const refused = new ApiError('auth/expired-action-code', 'The link has expired.', 400);
    const d = deps({
      href: linkHref,
      getEmailForSignIn: vi.fn(() => 'ada@example.org'),
      completeSignInLink: vi.fn(async () => Promise.reject(refused)),
    });
    await expect(signInOnLoad(d)).resolves.toEqual({
      user: null,
      error: refused,
      link: { email: 'ada@example.org' },
    });
    expect(d.logError).toHaveBeenCalledWith(
      'Sign-in with the e-mailed link failed: The link has expired. (auth/expired-action-code)',
    );
    expect(d.replaceUrl).toHaveBeenCalledWith('/members/m1#x');
    expect(d.forgetEmailForSignIn).not.toHaveBeenCalled();
  });
});

describe('signInOnLoad without a sign-in link', () => {
  it('checks the pending redirect result: nothing pending', async () => {
    const d = deps();
    await expect(signInOnLoad(d)).resolves.toEqual({ user: null, error: null });
    expect(d.getRedirectResult).toHaveBeenCalledOnce();
    expect(d.replaceUrl).not.toHaveBeenCalled();
  });

  it('returns the user a redirect signed in', async () => {
    const d = deps({ getRedirectResult: vi.fn(async () => ({ result: { user: ada } })) });
    await expect(signInOnLoad(d)).resolves.toEqual({ user: ada, error: null });
  });

  it('logs a redirect error and returns it', async () => {
    const failure = { code: 'auth/user-disabled', message: 'This account is disabled.' };
    const d = deps({ getRedirectResult: vi.fn(async () => ({ result: { error: failure } })) });
    await expect(signInOnLoad(d)).resolves.toEqual({ user: null, error: failure });
    expect(d.logError).toHaveBeenCalledWith(
      'Sign-in by redirect failed: This account is disabled. (auth/user-disabled)',
    );
  });

  it('only logs a failure to read the result', async () => {
    const offline = new TypeError('Failed to fetch');
    const d = deps({ getRedirectResult: vi.fn(async () => Promise.reject(offline)) });
    await expect(signInOnLoad(d)).resolves.toEqual({ user: null, error: null });
    expect(d.logError).toHaveBeenCalledWith(
      'The redirect sign-in result could not be read: TypeError: Failed to fetch',
    );
  });

  it('does not take a password-reset link for a sign-in link', async () => {
    const d = deps({ href: 'https://ops.example.org/?mode=resetPassword&oobCode=R' });
    await signInOnLoad(d);
    expect(d.completeSignInLink).not.toHaveBeenCalled();
    expect(d.getRedirectResult).toHaveBeenCalledOnce();
  });
});

describe('a sign-in link that could not be used (issue 32)', () => {
  const spent = new ApiError('auth/invalid-action-code', 'This link has already been used.', 400);

  it('keeps the address the person gave at the prompt, for a new link', async () => {
    const d = deps({
      href: linkHref,
      prompt: vi.fn(() => ' ada@example.org '),
      completeSignInLink: vi.fn(async () => Promise.reject(spent)),
    });
    await expect(signInOnLoad(d)).resolves.toEqual({
      user: null,
      error: spent,
      link: { email: 'ada@example.org' },
    });
  });

  it('logs one line per failure, never the error with its stack', async () => {
    const logError = vi.fn((_line: string) => undefined);
    const d = deps({
      href: linkHref,
      getEmailForSignIn: vi.fn(() => 'ada@example.org'),
      completeSignInLink: vi.fn(async () => Promise.reject(spent)),
      logError,
    });
    await signInOnLoad(d);
    expect(logError.mock.calls).toEqual([
      [
        'Sign-in with the e-mailed link failed: This link has already been used. (auth/invalid-action-code)',
      ],
    ]);
    expect(spent.stack).toMatch(/\n\s+at /);
  });

  it.each([
    [
      new ApiError('auth/expired-action-code', 'Expired.', 400),
      'Expired. (auth/expired-action-code)',
    ],
    [{ code: 'auth/user-disabled', message: 'Disabled.' }, 'Disabled. (auth/user-disabled)'],
    [new TypeError('Failed\n to fetch'), 'TypeError: Failed to fetch'],
    ['No e-mail.', 'Error: No e-mail.'],
    [{}, 'Error: Unknown error'],
    [null, 'Error: Unknown error'],
  ])('describes %o as %j', (error, line) => {
    expect(describeSignInError(error)).toBe(line);
  });
});
