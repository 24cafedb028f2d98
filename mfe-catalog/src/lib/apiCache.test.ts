import { clearShared, shared } from './apiCache';

afterEach(clearShared);

describe('shared api answers', () => {
  it('answers the same key once within a few seconds, then asks again', async () => {
    let t = 1000;
    const call = jest.fn(async () => 'answer');
    await shared('k', call, 5000, () => t);
    t += 4000;
    await shared('k', call, 5000, () => t);
    expect(call).toHaveBeenCalledTimes(1);
    t += 2000;
    await shared('k', call, 5000, () => t);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('forgets failures', async () => {
    const call = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('ok');
    await expect(shared('k', call)).rejects.toThrow('down');
    await expect(shared('k', call)).resolves.toBe('ok');
  });
});
