import { Link, useLocation } from 'react-router';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';

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
        <Link
          to={paths.home.getHref()}
          className="font-medium text-sky-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        >
          Go to Ops
        </Link>
      </p>
    </Screen>
  );
}
