import type { EventBus } from '@excursio/shared';

/** What the return-to rule needs of the router. */
export interface NavigatingRouter {
  navigate(to: string): Promise<void> | void;
  subscribe(listener: (state: { location: { pathname: string }; navigation: { state: string } }) => void): () => void;
}

export interface ReturnTo {
  /** An account page sent a signed-out visitor to the sign-in: take them there once they are in. */
  remember(path: string): void;
  /** Starts following the router; returns the unsubscribe. */
  attach(router: NavigatingRouter): () => void;
  readonly pending: string | null;
}

/**
 * Sign-in that keeps the way (issue 13): the spec's rule stays — an account page without a profile opens the sign-in
 * and sends the visitor to '/' — and the page they asked for is remembered until they sign in (then they are taken
 * there) or go elsewhere by themselves (then it is forgotten: signing in later from the header stays where they are).
 */
export function createReturnTo(bus: EventBus): ReturnTo {
  let pending: string | null = null;
  let router: NavigatingRouter | null = null;
  bus.on('auth:result', () => {
    const to = pending;
    pending = null;
    if (to && router) void router.navigate(to);
  });
  return {
    remember(path) {
      pending = path;
    },
    attach(next) {
      router = next;
      return next.subscribe((state) => {
        // the guard's own redirect lands on '/'; any other settled page means the visitor went elsewhere
        if (pending && state.navigation.state === 'idle' && state.location.pathname !== '/') pending = null;
      });
    },
    get pending() {
      return pending;
    },
  };
}
