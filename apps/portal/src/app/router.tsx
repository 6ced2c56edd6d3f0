import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { screensOf, type ScreenIdOf } from '@ops/ui/screen-registry';
import { Layout } from '../components/layout';
import { portalScreens } from '../config/screens';

const screenLoaders: Record<
  ScreenIdOf<typeof portalScreens>,
  () => Promise<{ default: ComponentType }>
> = {
  home: () => import('../screens/home').then((module) => ({ default: module.HomeScreen })),
  apply: () => import('../screens/apply').then((module) => ({ default: module.ApplyScreen })),
  application: () =>
    import('../screens/application').then((module) => ({ default: module.ApplicationScreen })),
  invoices: () =>
    import('../screens/invoices').then((module) => ({ default: module.InvoicesScreen })),
  colleagues: () =>
    import('../screens/colleagues').then((module) => ({ default: module.ColleaguesScreen })),
  company: () => import('../screens/company').then((module) => ({ default: module.CompanyScreen })),
  directoryEntry: () =>
    import('../screens/directory-entry').then((module) => ({
      default: module.DirectoryEntryScreen,
    })),
  invitation: () =>
    import('../screens/invitation').then((module) => ({ default: module.InvitationScreen })),
  endorse: () => import('../screens/endorse').then((module) => ({ default: module.EndorseScreen })),
  directory: () =>
    import('../screens/directory').then((module) => ({ default: module.DirectoryScreen })),
};

const screens = screensOf(portalScreens).map((declared) => ({
  ...declared,
  Component: lazy(screenLoaders[declared.id]),
}));

export function PortalRouter() {
  return (
    <BrowserRouter>
      <Layout>
        <Suspense>
          <Routes>
            {screens.map(({ id, path, Component }) => (
              <Route key={id} path={path} element={<Component />} />
            ))}
          </Routes>
        </Suspense>
      </Layout>
    </BrowserRouter>
  );
}
