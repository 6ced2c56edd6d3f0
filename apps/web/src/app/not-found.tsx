import { useLocation } from 'react-router';
import { Screen } from '@/components/screen';
import { HomeLink } from './components/home-link';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <Screen
      title="Page not found"
      description={
        <>
          No screen lives at <code className="font-mono">{pathname}</code>.
        </>
      }
    >
      <p className="text-sm">
        <HomeLink tone="normal">Go to Ops</HomeLink>
      </p>
    </Screen>
  );
}
