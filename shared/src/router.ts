// @excursio/shared/router — the one door to react-router for the shell and every remote.
//
// react-router has to be a single instance on the page (the shell owns the router; remotes read its context), so it
// is shared through Module Federation. A shared module cannot be tree-shaken: sharing `react-router` itself ships its
// whole index (data router, SSR, RSC, cookies, sessions …), ~65 KB gzipped. Sharing this module instead ships only
// what is listed here, because the bundler tree-shakes react-router inside the one build that provides it.
//
// Application code imports routing from here, never from 'react-router' (a unit test checks it). Tests and test
// helpers may import react-router directly: they are not bundled. Add a name here when a page needs it.

export {
  Link,
  NavLink,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  createBrowserRouter,
  data,
  generatePath,
  isRouteErrorResponse,
  matchPath,
  redirect,
  replace,
  useHref,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRevalidator,
  useRouteError,
  useSearchParams,
} from 'react-router';

export type {
  DataRouter,
  LinkProps,
  LoaderFunction,
  LoaderFunctionArgs,
  NavigateFunction,
  Params,
  PatchRoutesOnNavigationFunction,
  RouteObject,
  UIMatch,
} from 'react-router';
