import type { Params, RouteObject } from '../router';

/** Layouts the shell owns (spec §2). */
export type LayoutName = 'default' | 'account' | 'account-sub' | 'account-notification';

export interface RouteValidationArgs {
  params: Params;
  request: Request;
}

/**
 * What a remote's route says to the shell: which layout wraps it and, optionally, a validation rule.
 * A rule that returns false (or throws) makes the shell answer 404 'Page Not Found: {path}'.
 */
export interface RouteHandle {
  layout: LayoutName;
  validate?: (args: RouteValidationArgs) => boolean | Promise<boolean>;
}

/** `./routes` of an area remote: route objects relative to the mount point the shell gives it. */
export type RemoteRoutes = RouteObject[];

/** A route validation failure, as the shell's error page shows it. */
export function notFoundMessage(pathname: string): string {
  return `Page Not Found: ${pathname}`;
}
