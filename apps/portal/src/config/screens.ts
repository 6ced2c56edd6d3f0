import { defineArea, defineScreens, pathsOf, screen } from '@ops/ui/screen-registry';

/**
 * Every screen of the member portal, declared with the console's registry kit: the router
 * (`app/router.tsx`) pairs each id with its lazy loader, and links are built from `paths`. A
 * leaf: it imports no screen.
 */
export const portalScreens = defineScreens({
  home: defineArea({ screens: { home: screen('home', '/') } }),
  apply: defineArea({ screens: { apply: screen('apply', '/apply') } }),
  applications: defineArea({
    screens: { application: screen('application', '/applications/:aid') },
  }),
  // A member's side (issue 35): its invoices (the home shows the membership and certificates),
  // colleagues, company data with its change requests, and its entry in the public directory.
  membership: defineArea({
    screens: {
      invoices: screen('invoices', '/invoices'),
      colleagues: screen('colleagues', '/colleagues'),
      company: screen('company', '/company'),
      directoryEntry: screen('directoryEntry', '/directory-entry'),
      invitation: screen('invitation', '/invitations/:id'),
    },
  }),
  // The national association's page by e-mailed link (issue 34): no account, the token its key.
  endorsements: defineArea({ screens: { endorse: screen('endorse', '/endorse/:token') } }),
  // The public member directory (issue 35): anyone, signed in or not, finds the listed members.
  directory: defineArea({ screens: { directory: screen('directory', '/directory') } }),
});

export const paths = pathsOf(portalScreens);
