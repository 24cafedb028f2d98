import { replace, type LoaderFunctionArgs } from '@excursio/shared/router';
import { resolveAddress } from './addressRules';

export interface TokenSink {
  /** Store a login token and load whom it belongs to. */
  useToken(token: string): Promise<void>;
}

/** Root route loader: applies the address rules on every navigation (paired with `shouldRevalidate: () => true`). */
export function createAddressRulesLoader(session: TokenSink) {
  return async function addressRulesLoader({ request }: LoaderFunctionArgs): Promise<null> {
    const action = resolveAddress(new URL(request.url));
    if (!action) return null;
    if (action.kind === 'token') await session.useToken(action.token);
    // replace(): the wrong address never stays in the history
    throw replace(action.to);
  };
}
