import type { Profile } from '../contracts/profile';
import type { UserType } from '../contracts/common';
import type { SessionApi } from './sessionApi';
import type { TokenVault } from './tokenVault';
import { ExternalStore } from '../store/ExternalStore';

export const DEFAULT_SERVICE_COMMISSION = 15;

interface SessionState {
  token: string | null;
  profile: Profile | null;
  favorites: number[];
  serviceCommission: number;
  restored: boolean;
}

/**
 * The one shared domain store: who is signed in, their favorites and the service commission.
 * Loaders swallow failures on purpose (spec §8: failed profile/favorites/commission calls are ignored).
 * Components read it through `useSession()` (they re-render on every change); other code through `subscribe`,
 * `watch` and `until` (ExternalStore). Assigning a field (tests do) is a change like any other.
 */
export class SessionStore extends ExternalStore {
  private state: SessionState = {
    token: null,
    profile: null,
    favorites: [],
    serviceCommission: DEFAULT_SERVICE_COMMISSION,
    restored: false,
  };

  private readonly api: SessionApi;
  private readonly vault: TokenVault;
  private restorePromise: Promise<void> | null = null;

  constructor(api: SessionApi, vault: TokenVault) {
    super();
    this.api = api;
    this.vault = vault;
  }

  private set(changes: Partial<SessionState>): void {
    this.state = { ...this.state, ...changes };
    this.changed();
  }

  get token(): string | null {
    return this.state.token;
  }
  set token(token: string | null) {
    this.set({ token });
  }

  get profile(): Profile | null {
    return this.state.profile;
  }
  set profile(profile: Profile | null) {
    this.set({ profile });
  }

  get favorites(): number[] {
    return this.state.favorites;
  }
  set favorites(favorites: number[]) {
    this.set({ favorites });
  }

  get serviceCommission(): number {
    return this.state.serviceCommission;
  }
  set serviceCommission(serviceCommission: number) {
    this.set({ serviceCommission });
  }

  /** false until the stored token was read and (if any) the profile was loaded. */
  get restored(): boolean {
    return this.state.restored;
  }
  set restored(restored: boolean) {
    this.set({ restored });
  }

  get userType(): UserType | null {
    return this.profile?.user_type ?? null;
  }

  get isSignedIn(): boolean {
    return this.token !== null && this.profile !== null;
  }

  isFavorite(excursionId: number): boolean {
    return this.favorites.includes(excursionId);
  }

  /** Reads the stored token once and loads the profile and favorites; later calls share the first one. */
  restore(): Promise<void> {
    if (!this.restorePromise) {
      this.restorePromise = (async () => {
        const token = await this.vault.read();
        this.set({ token });
        if (token) {
          await this.loadProfile();
          if (this.profile) await this.loadFavorites();
        }
        this.set({ restored: true });
      })();
    }
    return this.restorePromise;
  }

  /** Store a token (sign-in, or the ?token= address rule) and load who it belongs to. */
  async useToken(token: string): Promise<void> {
    await this.vault.write(token);
    this.set({ token, profile: null, favorites: [] });
    await this.loadProfile();
    if (this.profile) await this.loadFavorites();
    this.set({ restored: true });
    this.restorePromise = Promise.resolve();
  }

  /** Sign-in finished with a token and the user the server returned. */
  async signIn(token: string, user: Profile): Promise<void> {
    await this.vault.write(token);
    this.set({ token, profile: user, restored: true });
    this.restorePromise = Promise.resolve();
    await this.loadFavorites();
  }

  /** Revoke the token on the server (best effort) and forget everything stored. */
  async signOut(): Promise<void> {
    if (this.token) {
      try {
        await this.api.signOut();
      } catch {
        // the token is forgotten locally either way
      }
    }
    await this.vault.clear();
    this.set({ token: null, profile: null, favorites: [] });
  }

  async loadProfile(): Promise<void> {
    if (!this.token) return;
    try {
      const res = await this.api.profile();
      this.set({ profile: res.data });
    } catch (error) {
      // A token the server no longer accepts is dropped; other failures are ignored.
      if ((error as { status?: number }).status === 401) {
        await this.vault.clear();
        this.set({ token: null, profile: null });
      }
    }
  }

  async loadFavorites(): Promise<void> {
    if (!this.token) return;
    try {
      const res = await this.api.favorites();
      this.set({ favorites: res.data });
    } catch {
      // ignored (spec §8)
    }
  }

  async loadCommission(): Promise<void> {
    try {
      const res = await this.api.commission();
      this.set({ serviceCommission: res.data.service_commission });
    } catch {
      // ignored (spec §8); the default stays
    }
  }

  /** Add or remove a favorite; returns false when signed out (the caller opens the sign-in modal). */
  async toggleFavorite(excursionId: number): Promise<boolean> {
    if (!this.isSignedIn) return false;
    const had = this.isFavorite(excursionId);
    const res = had ? await this.api.removeFavorite(excursionId) : await this.api.addFavorite(excursionId);
    this.set({ favorites: res.data });
    return true;
  }
}

