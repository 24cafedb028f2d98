import type { SessionApi } from './sessionApi';
import { ApiError } from '../api/ApiError';
import { DEFAULT_SERVICE_COMMISSION, SessionStore } from './SessionStore';
import { createMemoryTokenVault } from './tokenVault';

const client = { id: 7, name: 'Анна', phone: '79990000001', user_type: 'client' as const, avatar_path: null };

function fakeApi(overrides: Partial<Record<keyof SessionApi, jest.Mock>> = {}): SessionApi {
  return {
    profile: jest.fn(async () => ({ status: true, data: client })),
    favorites: jest.fn(async () => ({ status: true, data: [1, 2] })),
    addFavorite: jest.fn(async (id: number) => ({ status: true, data: [1, 2, id] })),
    removeFavorite: jest.fn(async () => ({ status: true, data: [2] })),
    commission: jest.fn(async () => ({ status: true, data: { service_commission: 12 } })),
    signOut: jest.fn(async () => ({ status: true })),
    ...overrides,
  } as unknown as SessionApi;
}

describe('SessionStore', () => {
  it('starts signed out with the default commission', () => {
    const s = new SessionStore(fakeApi(), createMemoryTokenVault());
    expect(s.isSignedIn).toBe(false);
    expect(s.serviceCommission).toBe(DEFAULT_SERVICE_COMMISSION);
    expect(s.userType).toBeNull();
  });

  it('restores a stored token, loads profile and favorites once', async () => {
    const vault = createMemoryTokenVault();
    await vault.write('tok');
    const api = fakeApi();
    const s = new SessionStore(api, vault);
    await Promise.all([s.restore(), s.restore()]);
    expect(s.isSignedIn).toBe(true);
    expect(s.userType).toBe('client');
    expect(s.favorites).toEqual([1, 2]);
    expect(s.restored).toBe(true);
    expect(api.profile).toHaveBeenCalledTimes(1);
  });

  it('restores to signed out without a token and calls nothing', async () => {
    const api = fakeApi();
    const s = new SessionStore(api, createMemoryTokenVault());
    await s.restore();
    expect(s.isSignedIn).toBe(false);
    expect(s.restored).toBe(true);
    expect(api.profile).not.toHaveBeenCalled();
  });

  it('drops a token the server rejects with 401', async () => {
    const vault = createMemoryTokenVault();
    await vault.write('stale');
    const s = new SessionStore(fakeApi({ profile: jest.fn(async () => Promise.reject(new ApiError(401, 'Unauthenticated.'))) }), vault);
    await s.restore();
    expect(s.token).toBeNull();
    expect(await vault.read()).toBeNull();
  });

  it('silently ignores other profile, favorites and commission failures', async () => {
    const vault = createMemoryTokenVault();
    await vault.write('tok');
    const fail = jest.fn(async () => Promise.reject(new ApiError(500, 'boom')));
    const s = new SessionStore(fakeApi({ profile: fail, favorites: fail, commission: fail }), vault);
    await s.restore();
    await s.loadCommission();
    expect(s.token).toBe('tok');
    expect(s.profile).toBeNull();
    expect(s.serviceCommission).toBe(15);
  });

  it('loads the commission', async () => {
    const s = new SessionStore(fakeApi(), createMemoryTokenVault());
    await s.loadCommission();
    expect(s.serviceCommission).toBe(12);
  });

  it('useToken stores the token and loads the profile', async () => {
    const vault = createMemoryTokenVault();
    const s = new SessionStore(fakeApi(), vault);
    await s.useToken('from-url');
    expect(await vault.read()).toBe('from-url');
    expect(s.profile?.name).toBe('Анна');
  });

  it('signIn keeps the user, then signOut revokes and clears everything', async () => {
    const vault = createMemoryTokenVault();
    const api = fakeApi();
    const s = new SessionStore(api, vault);
    await s.signIn('tok', client);
    expect(s.isSignedIn).toBe(true);
    expect(s.favorites).toEqual([1, 2]);
    await s.signOut();
    expect(api.signOut).toHaveBeenCalled();
    expect(s.isSignedIn).toBe(false);
    expect(s.favorites).toEqual([]);
    expect(await vault.read()).toBeNull();
  });

  it('signOut clears locally even when the server call fails', async () => {
    const s = new SessionStore(fakeApi({ signOut: jest.fn(async () => Promise.reject(new Error('x'))) }), createMemoryTokenVault());
    await s.signIn('tok', client);
    await s.signOut();
    expect(s.token).toBeNull();
  });

  it('toggles favorites when signed in and refuses when signed out', async () => {
    const s = new SessionStore(fakeApi(), createMemoryTokenVault());
    expect(await s.toggleFavorite(5)).toBe(false);
    await s.signIn('tok', client);
    await s.toggleFavorite(5);
    expect(s.isFavorite(5)).toBe(true);
    await s.toggleFavorite(1);
    expect(s.favorites).toEqual([2]);
  });
});
