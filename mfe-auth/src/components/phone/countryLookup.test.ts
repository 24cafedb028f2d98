import { lookupVisitorCountry, parseCountryLookup } from './countryLookup';

describe('visitor country lookup', () => {
  it('reads the country code from characters 3–4 when the answer starts with 1', () => {
    expect(parseCountryLookup('1;KZ;KAZ;Kazakhstan')).toBe('KZ');
    expect(parseCountryLookup('1;by;BLR;Belarus')).toBe('BY');
    expect(parseCountryLookup('0;;;WRONG INPUT')).toBeNull();
    expect(parseCountryLookup('2;;;UNKNOWN')).toBeNull();
    expect(parseCountryLookup('1;ZZ;ZZZ;Nowhere')).toBeNull();
    expect(parseCountryLookup('')).toBeNull();
  });

  it('asks the configured service', async () => {
    const fetchImpl = jest.fn(async () => new Response('1;AM;ARM;Armenia'));
    await expect(lookupVisitorCountry('https://lookup.example/', fetchImpl)).resolves.toBe('AM');
    expect(fetchImpl).toHaveBeenCalledWith('https://lookup.example/', expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it('gives null (Russia stays) when not configured, failing or answering badly', async () => {
    const fetchImpl = jest.fn();
    await expect(lookupVisitorCountry(null, fetchImpl)).resolves.toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
    await expect(lookupVisitorCountry('u', jest.fn(async () => new Response('1;KZ', { status: 500 })))).resolves.toBeNull();
    await expect(lookupVisitorCountry('u', jest.fn(async () => Promise.reject(new TypeError('offline'))))).resolves.toBeNull();
  });

  it('gives up after the timeout', async () => {
    jest.useFakeTimers();
    const fetchImpl = jest.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const answer = lookupVisitorCountry('u', fetchImpl as unknown as typeof fetch);
    await jest.advanceTimersByTimeAsync(3_000);
    await expect(answer).resolves.toBeNull();
    jest.useRealTimers();
  });
});
