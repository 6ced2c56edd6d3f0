import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { askBeforeUnload, isLeavingForm, unsavedChangesBlocker } from './use-unsaved-changes';

const at = (path: string) => {
  const url = new URL(path, 'http://console.test');
  return { pathname: url.pathname, search: url.search };
};

describe('isLeavingForm', () => {
  it('counts another record, another screen and another tab of the record as leaving', () => {
    const editing = at('/members/m1?tab=edit&q=zurich');
    expect(isLeavingForm(editing, at('/members/m2?q=zurich'))).toBe(true);
    expect(isLeavingForm(editing, at('/invoices'))).toBe(true);
    expect(isLeavingForm(editing, at('/members/m1?tab=history&q=zurich'))).toBe(true);
    expect(isLeavingForm(editing, at('/members/m1?q=zurich'))).toBe(true);
  });

  it('lets the list beside the record change its query without asking', () => {
    const editing = at('/members/m1?tab=edit&q=zurich');
    expect(isLeavingForm(editing, at('/members/m1?tab=edit&q=basel&sort=-number'))).toBe(false);
  });
});

describe('the unsaved-changes blocker in React Router', () => {
  let router: ReturnType<typeof createMemoryRouter> | null = null;
  afterEach(() => router?.dispose());

  const start = (isDirty: boolean) => {
    router = createMemoryRouter(
      [
        { path: '/members/:mid', element: null },
        { path: '/invoices', element: null },
      ],
      { initialEntries: ['/members/m1?tab=edit'] },
    );
    router.getBlocker('form', unsavedChangesBlocker(isDirty));
    return router;
  };

  it('holds a navigation away from a form with unsaved edits until answered', async () => {
    const r = start(true);
    await r.navigate('/members/m2');
    expect(r.state.location.pathname).toBe('/members/m1');
    const blocker = r.state.blockers.get('form');
    expect(blocker?.state).toBe('blocked');

    // Stay: the form and its URL remain.
    blocker?.reset?.();
    expect(r.state.location.pathname).toBe('/members/m1');
    expect(r.state.blockers.get('form')?.state).toBe('unblocked');

    // Discard: the navigation goes on.
    await r.navigate('/invoices');
    r.state.blockers.get('form')?.proceed?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(r.state.location.pathname).toBe('/invoices');
  });

  it('lets every navigation through when the form is clean (saved or cancelled)', async () => {
    const r = start(false);
    await r.navigate('/members/m2');
    expect(r.state.location.pathname).toBe('/members/m2');
  });
});

describe('askBeforeUnload', () => {
  it('asks the browser to confirm closing or reloading the tab', () => {
    let isPrevented = false;
    const event = {
      preventDefault: () => {
        isPrevented = true;
      },
      returnValue: undefined as unknown,
    } as unknown as BeforeUnloadEvent;
    askBeforeUnload(event);
    expect(isPrevented).toBe(true);
    expect(event.returnValue).toBe('');
  });
});
