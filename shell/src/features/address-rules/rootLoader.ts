import { replace, type LoaderFunctionArgs } from '@excursio/shared/router';
import { resolveAddress, TOKEN_LANDING } from './addressRules';
import { earlyTokenFor } from './earlyToken';

export interface TokenSink {
  /** Store a login token and load whom it belongs to. */
  useToken(token: string): Promise<void>;
  /** Whom the stored token belongs to (null: nobody — an invalid or expired link). */
  readonly profile?: unknown;
}

/** Shown when a `?token=` link signs nobody in. */
export const INVALID_TOKEN_TEXT = 'Ссылка для входа недействительна или устарела. Войдите по номеру телефона.';

/** Root route loader: applies the address rules on every navigation (paired with `shouldRevalidate: () => true`). */
export function createAddressRulesLoader(
  session: TokenSink,
  earlyToken: (url: URL) => string | null = (url) => earlyTokenFor(url),
  onInvalidToken: () => void = () => undefined,
) {
  const signInWith = async (token: string) => {
    await session.useToken(token);
    if (!session.profile) onInvalidToken();
  };
  return async function addressRulesLoader({ request }: LoaderFunctionArgs): Promise<null> {
    // a `?token=` the inline start-up script already took out of the address (see earlyToken.ts)
    const early = earlyToken(new URL(request.url));
    if (early) {
      await signInWith(early);
      throw replace(TOKEN_LANDING);
    }
    const action = resolveAddress(new URL(request.url));
    if (!action) return null;
    if (action.kind === 'token') await signInWith(action.token);
    // replace(): the wrong address never stays in the history; 301: on the server it is a permanent redirect
    throw replace(action.to, 301);
  };
}
