// Spec §2 "Address rules" as pure functions of a URL: the loaders only act on what these return.
import { normalizePathname } from './canonicalPath.mjs';

export { normalizePathname };

/** What the address rules ask for: store a login token, or move to a normalised address. */
export type AddressAction = { kind: 'token'; token: string; to: string } | { kind: 'redirect'; to: string };

/** Where a `?token=` address sends the visitor once the token is stored. */
export const TOKEN_LANDING = '/account/user';

/** The action the address rules require for this URL, or null when it is already fine. */
export function resolveAddress(url: URL): AddressAction | null {
  const token = url.searchParams.get('token');
  if (token) return { kind: 'token', token, to: TOKEN_LANDING };
  const pathname = normalizePathname(url.pathname);
  if (pathname === url.pathname) return null;
  return { kind: 'redirect', to: `${pathname}${url.search}` };
}
