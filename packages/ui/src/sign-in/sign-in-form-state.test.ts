import { describe, expect, it } from 'vitest';
import {
  createSignInFormState,
  getVisibleMethods,
  isFirstStep,
  normalizeMethods,
  shouldSendLinkAutomatically,
  signInFormReducer,
  type SignInFormAction,
  type SignInFormState,
} from './sign-in-form-state';

function run(actions: SignInFormAction[], state = createSignInFormState({ email: 'a@b.org' })) {
  return actions.reduce<SignInFormState>(signInFormReducer, state);
}

const wrongPassword = { code: 'auth/wrong-password', message: 'Wrong password' };

describe('lookup of sign-in methods (spec §2 steps 1-2)', () => {
  it('starts at the first step with the remembered e-mail and no method', () => {
    const state = createSignInFormState({ email: 'ada@example.org' });
    expect(state.email).toBe('ada@example.org');
    expect(isFirstStep(state)).toBe(true);
    expect(state.chosen).toBe('none');
    expect(getVisibleMethods(state)).toEqual([]);
  });

  it('is running while the lookup is under way, then shows every method found', () => {
    const running = run([{ type: 'lookup-started' }]);
    expect(running.running).toBe('lookup');
    const found = signInFormReducer(running, {
      type: 'lookup-succeeded',
      methods: ['microsoft', 'password'],
    });
    expect(found.running).toBeNull();
    expect(isFirstStep(found)).toBe(false);
    expect(getVisibleMethods(found)).toEqual(['password', 'microsoft']);
  });

  it('assumes the e-mail link when no method is returned, and sends it at once', () => {
    const state = run([{ type: 'lookup-started' }, { type: 'lookup-succeeded', methods: [] }]);
    expect(state.methods).toEqual(['emailLink']);
    expect(state.chosen).toBe('emailLink');
    expect(state.running).toBe('emailLink');
  });

  it('sends the link at once only when the e-mail link is the only method', () => {
    expect(shouldSendLinkAutomatically([])).toBe(true);
    expect(shouldSendLinkAutomatically(['emailLink'])).toBe(true);
    expect(shouldSendLinkAutomatically(['emailLink', 'emailLink'])).toBe(true);
    expect(shouldSendLinkAutomatically(['emailLink', 'password'])).toBe(false);
    expect(shouldSendLinkAutomatically(['microsoft'])).toBe(false);
  });

  it('lists each method once, in a fixed order', () => {
    expect(normalizeMethods(['microsoft', 'emailLink', 'password', 'microsoft'])).toEqual([
      'password',
      'emailLink',
      'microsoft',
    ]);
  });

  it('keeps a failed lookup at the first step with the error', () => {
    const error = new TypeError('Failed to fetch');
    const state = run([{ type: 'lookup-started' }, { type: 'failed', error }]);
    expect(state.running).toBeNull();
    expect(state.error).toBe(error);
    expect(isFirstStep(state)).toBe(true);
  });
});

describe('choosing a method (spec §4)', () => {
  const found = run([
    { type: 'lookup-started' },
    { type: 'lookup-succeeded', methods: ['password', 'emailLink', 'microsoft'] },
  ]);

  it('shows only the chosen method while it runs and after it succeeded', () => {
    const state = signInFormReducer(found, { type: 'method-started', method: 'microsoft' });
    expect(state.chosen).toBe('microsoft');
    expect(state.running).toBe('microsoft');
    expect(getVisibleMethods(state)).toEqual(['microsoft']);
  });

  it('offers every method again while an error is pending', () => {
    const state = run(
      [
        { type: 'method-started', method: 'password' },
        { type: 'failed', error: wrongPassword },
      ],
      found,
    );
    expect(state.running).toBeNull();
    expect(state.error).toBe(wrongPassword);
    expect(getVisibleMethods(state)).toEqual(['password', 'emailLink', 'microsoft']);
  });

  it('clears the pending error when another attempt starts', () => {
    const state = run(
      [
        { type: 'method-started', method: 'password' },
        { type: 'failed', error: wrongPassword },
        { type: 'method-started', method: 'password' },
      ],
      found,
    );
    expect(state.error).toBeNull();
    expect(getVisibleMethods(state)).toEqual(['password']);
  });

  it('always leaves an error pending after a failure, even one without a value', () => {
    const state = run([{ type: 'failed', error: undefined }], found);
    expect(state.error).toBeInstanceOf(Error);
  });

  it('resets the chosen method and earlier errors at a new lookup', () => {
    const state = run(
      [
        { type: 'method-started', method: 'password' },
        { type: 'failed', error: wrongPassword },
        { type: 'email-edited', email: 'other@b.org' },
        { type: 'lookup-started' },
      ],
      found,
    );
    expect(state.chosen).toBe('none');
    expect(state.error).toBeNull();
    expect(state.methods).toBeNull();
  });

  it('keeps the password while typing and forgets it once signed in', () => {
    const typed = run([{ type: 'password-edited', password: 'secret1' }], found);
    expect(typed.password).toBe('secret1');
    expect(run([{ type: 'signed-in' }], typed).password).toBe('');
  });
});

describe('editing the e-mail (spec §2 step 9)', () => {
  it('clears the list of methods found, back to the first step', () => {
    const state = run([
      { type: 'lookup-started' },
      { type: 'lookup-succeeded', methods: ['password'] },
      { type: 'method-started', method: 'password' },
      { type: 'failed', error: wrongPassword },
      { type: 'email-edited', email: 'a@b.or' },
    ]);
    expect(state.email).toBe('a@b.or');
    expect(state.methods).toBeNull();
    expect(state.chosen).toBe('none');
    expect(isFirstStep(state)).toBe(true);
  });

  it('clears an earlier "Wrong password!" once the e-mail is edited', () => {
    const failed = run([
      { type: 'lookup-started' },
      { type: 'lookup-succeeded', methods: ['password'] },
      { type: 'method-started', method: 'password' },
      { type: 'failed', error: wrongPassword },
    ]);
    expect(failed.error).toBe(wrongPassword);
    const edited = signInFormReducer(failed, { type: 'email-edited', email: 'a@b.or' });
    expect(edited.error).toBeNull();
  });
});

describe('link flow (spec §2 step 7, §4)', () => {
  const sent = run([
    { type: 'lookup-started' },
    { type: 'lookup-succeeded', methods: ['emailLink', 'password'] },
    { type: 'method-started', method: 'emailLink' },
    { type: 'link-sent', email: 'a@b.org' },
  ]);

  it("sets the 'link sent' flag to the address", () => {
    expect(sent.running).toBeNull();
    expect(sent.linkSentTo).toBe('a@b.org');
  });

  it('dismissing clears the flag, the methods and the chosen method, keeping the e-mail', () => {
    const state = signInFormReducer(sent, { type: 'dismissed' });
    expect(state).toEqual(createSignInFormState({ email: 'a@b.org' }));
  });
});

describe('forgotten password', () => {
  const passwordForm = run([
    { type: 'lookup-started' },
    { type: 'lookup-succeeded', methods: ['password', 'microsoft'] },
  ]);

  it('runs in the password form and shows the confirmation, then goes back to it', () => {
    const running = signInFormReducer(passwordForm, { type: 'password-reset-started' });
    expect(running.running).toBe('passwordReset');
    expect(getVisibleMethods(running)).toEqual(['password']);
    const sent = signInFormReducer(running, {
      type: 'password-reset-link-sent',
      email: 'a@b.org',
    });
    expect(sent.resetLinkSentTo).toBe('a@b.org');
    const back = signInFormReducer(sent, { type: 'password-reset-dismissed' });
    expect(back.resetLinkSentTo).toBeNull();
    expect(getVisibleMethods(back)).toEqual(['password']);
  });
});

describe('initial states', () => {
  it('can open with an error to show (a sign-in link that failed)', () => {
    const error = { code: 'auth/expired-action-code', message: 'Expired' };
    expect(createSignInFormState({ error }).error).toBe(error);
  });
});

describe('a sign-in link that could not be used (issue 32)', () => {
  const spent = { code: 'auth/invalid-action-code', message: 'This link has already been used.' };
  const opened = () =>
    createSignInFormState({ email: 'ada@example.org', error: spent, offerNewLink: true });

  it('offers a new link beside the error, and only for a link error', () => {
    expect(opened()).toMatchObject({ error: spent, newLinkOffered: true });
    expect(createSignInFormState({ error: spent }).newLinkOffered).toBe(false);
    expect(createSignInFormState({ offerNewLink: true }).newLinkOffered).toBe(false);
  });

  it('keeps the error and the offer while the address is typed', () => {
    const state = run([{ type: 'email-edited', email: 'grace@example.org' }], opened());
    expect(state).toMatchObject({ email: 'grace@example.org', error: spent, newLinkOffered: true });
  });

  it('shows the mailbox panel once the new link is sent, the error answered', () => {
    const running = run([{ type: 'new-link-started' }], opened());
    expect(running).toMatchObject({ running: 'newLink', error: spent, newLinkOffered: true });
    const sent = signInFormReducer(running, { type: 'link-sent', email: 'ada@example.org' });
    expect(sent).toMatchObject({
      running: null,
      linkSentTo: 'ada@example.org',
      error: null,
      newLinkOffered: false,
    });
  });

  it('offers it again when the new link could not be sent, but not after another action', () => {
    const busy = { code: 'auth/too-many-requests', message: 'Too many requests.' };
    const failed = run([{ type: 'new-link-started' }, { type: 'failed', error: busy }], opened());
    expect(failed).toMatchObject({ error: busy, newLinkOffered: true });
    const other = run([{ type: 'lookup-started' }], opened());
    expect(other).toMatchObject({ error: null, newLinkOffered: false });
    const afterLookup = run([{ type: 'failed', error: busy }], other);
    expect(afterLookup.newLinkOffered).toBe(false);
  });
});
