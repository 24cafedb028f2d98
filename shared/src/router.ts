// @excursio/shared/router — the one door to react-router (a singleton tree-shaken to these names; docs/architecture.md).
// Application code imports routing from here, never from 'react-router' (scripts/checks/imports.test.mjs). Add a name when a page needs it.

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
  matchRoutes,
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
  UNSAFE_ErrorResponseImpl,
} from 'react-router';

export type {
  DataRouter,
  HydrationState,
  LinkProps,
  LoaderFunction,
  LoaderFunctionArgs,
  NavigateFunction,
  Params,
  PatchRoutesOnNavigationFunction,
  RouteObject,
  UIMatch,
} from 'react-router';
