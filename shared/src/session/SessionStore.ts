import { makeAutoObservable, runInAction } from 'mobx';
import type { Profile } from '../contracts/profile';
import type { UserType } from '../contracts/common';
import type { SessionApi } from './sessionApi';
import type { TokenVault } from './tokenVault';

export const DEFAULT_SERVICE_COMMISSION = 15;

/**
 * The one shared domain store: who is signed in, their favorites and the service commission.
 * Loaders swallow failures on purpose (spec §8: failed profile/favorites/commission calls are ignored).
 */
export class SessionStore {
  token: string | null = null;
  profile: Profile | null = null;
  favorites: number[] = [];
  serviceCommission = DEFAULT_SERVICE_COMMISSION;
  /** false until the stored token was read and (if any) the profile was loaded. */
  restored = false;

  private readonly api: SessionApi;
  private readonly vault: TokenVault;
  private restorePromise: Promise<void> | null = null;

  constructor(api: SessionApi, vault: TokenVault) {
    this.api = api;
    this.vault = vault;
    makeAutoObservable<SessionStore, 'api' | 'vault' | 'restorePromise'>(this, {
      api: false,
      vault: false,
      restorePromise: false,
    });
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
        runInAction(() => {
          this.token = token;
        });
        if (token) {
          await this.loadProfile();
          if (this.profile) await this.loadFavorites();
        }
        runInAction(() => {
          this.restored = true;
        });
      })();
    }
    return this.restorePromise;
  }

  /** Store a token (sign-in, or the ?token= address rule) and load who it belongs to. */
  async useToken(token: string): Promise<void> {
    await this.vault.write(token);
    runInAction(() => {
      this.token = token;
      this.profile = null;
      this.favorites = [];
    });
    await this.loadProfile();
    if (this.profile) await this.loadFavorites();
    runInAction(() => {
      this.restored = true;
    });
    this.restorePromise = Promise.resolve();
  }

  /** Sign-in finished with a token and the user the server returned. */
  async signIn(token: string, user: Profile): Promise<void> {
    await this.vault.write(token);
    runInAction(() => {
      this.token = token;
      this.profile = user;
      this.restored = true;
    });
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
    runInAction(() => {
      this.token = null;
      this.profile = null;
      this.favorites = [];
    });
  }

  async loadProfile(): Promise<void> {
    if (!this.token) return;
    try {
      const res = await this.api.profile();
      runInAction(() => {
        this.profile = res.data;
      });
    } catch (error) {
      // A token the server no longer accepts is dropped; other failures are ignored.
      if ((error as { status?: number }).status === 401) {
        await this.vault.clear();
        runInAction(() => {
          this.token = null;
          this.profile = null;
        });
      }
    }
  }

  async loadFavorites(): Promise<void> {
    if (!this.token) return;
    try {
      const res = await this.api.favorites();
      runInAction(() => {
        this.favorites = res.data;
      });
    } catch {
      // ignored (spec §8)
    }
  }

  async loadCommission(): Promise<void> {
    try {
      const res = await this.api.commission();
      runInAction(() => {
        this.serviceCommission = res.data.service_commission;
      });
    } catch {
      // ignored (spec §8); the default stays
    }
  }

  /** Add or remove a favorite; returns false when signed out (the caller opens the sign-in modal). */
  async toggleFavorite(excursionId: number): Promise<boolean> {
    if (!this.isSignedIn) return false;
    const had = this.isFavorite(excursionId);
    const res = had ? await this.api.removeFavorite(excursionId) : await this.api.addFavorite(excursionId);
    runInAction(() => {
      this.favorites = res.data;
    });
    return true;
  }
}
