import type { LoaderFunctionArgs } from 'react-router';
import { createAddressRulesLoader } from './rootLoader';

function args(path: string): LoaderFunctionArgs {
  return { request: new Request(`http://localhost${path}`), params: {}, context: undefined } as unknown as LoaderFunctionArgs;
}

async function thrownBy(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    return error as Response;
  }
  throw new Error('expected a redirect');
}

describe('address rules loader', () => {
  it('does nothing on a canonical address', async () => {
    const useToken = jest.fn();
    await expect(createAddressRulesLoader({ useToken })(args('/excursion?x=1'))).resolves.toBeNull();
    expect(useToken).not.toHaveBeenCalled();
  });

  it('replaces the history entry with the lowercase address', async () => {
    const response = await thrownBy(createAddressRulesLoader({ useToken: jest.fn() })(args('/Blog/?page=2')));
    expect(response.headers.get('Location')).toBe('/blog?page=2');
    expect(response.headers.get('X-Remix-Replace')).toBe('true');
  });

  it('stores the token before sending the visitor to /account/user', async () => {
    const order: string[] = [];
    const useToken = jest.fn(async (token: string) => {
      await Promise.resolve();
      order.push(`stored ${token}`);
    });
    const response = await thrownBy(createAddressRulesLoader({ useToken })(args('/?token=secret-1')));
    order.push('redirected');
    expect(useToken).toHaveBeenCalledWith('secret-1');
    expect(order).toEqual(['stored secret-1', 'redirected']);
    expect(response.headers.get('Location')).toBe('/account/user');
    expect(response.headers.get('X-Remix-Replace')).toBe('true');
  });

  it('says so when the link signs nobody in (an invalid or expired token), and only then', async () => {
    const invalid = jest.fn();
    const nobody = { useToken: jest.fn(async () => undefined), profile: null };
    await thrownBy(createAddressRulesLoader(nobody, () => null, invalid)(args('/?token=expired')));
    expect(invalid).toHaveBeenCalledTimes(1);
    const someone = { useToken: jest.fn(async () => undefined), profile: { id: 1 } };
    await thrownBy(createAddressRulesLoader(someone, () => null, invalid)(args('/?token=fresh')));
    expect(invalid).toHaveBeenCalledTimes(1);
  });

  it('uses a token the inline start-up script moved out of the address, for that address only', async () => {
    const useToken = jest.fn(async () => undefined);
    const take = (url: URL) => (url.pathname === '/excursion' ? 'secret-2' : null);
    const loader = createAddressRulesLoader({ useToken }, take);
    const response = await thrownBy(loader(args('/excursion')));
    expect(useToken).toHaveBeenCalledWith('secret-2');
    expect(response.headers.get('Location')).toBe('/account/user');
    expect(response.headers.get('X-Remix-Replace')).toBe('true');
    await expect(loader(args('/account/user'))).resolves.toBeNull();
    expect(useToken).toHaveBeenCalledTimes(1);
  });
});
