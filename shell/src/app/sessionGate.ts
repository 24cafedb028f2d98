import type { Profile, SessionStore } from '@excursio/shared';

/** What the router's loaders need from the session. */
export interface SessionGate {
  restore(): Promise<void>;
  useToken(token: string): Promise<void>;
  readonly profile: Profile | null;
}

/** The session, but its api calls wait for /config.json (it says where the api lives). */
export function gateSession(session: SessionStore, configReady: Promise<unknown>): SessionGate {
  return {
    restore: () => configReady.then(() => session.restore()),
    useToken: (token) => configReady.then(() => session.useToken(token)),
    get profile() {
      return session.profile;
    },
  };
}
