import { fakeStore } from '../../test/fakes';
import { startRealtimeWhenSignedIn } from './startRealtimeWhenSignedIn';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startRealtimeWhenSignedIn', () => {
  it('loads nothing for a visitor, and starts the module once after sign-in', async () => {
    const session = fakeStore({ isSignedIn: false });
    const startRealtime = jest.fn();
    const load = jest.fn(async () => ({ startRealtime }));
    const stop = startRealtimeWhenSignedIn(session, load);
    await flush();
    expect(load).not.toHaveBeenCalled();
    session.update({ isSignedIn: true });
    await flush();
    session.update({ isSignedIn: false });
    session.update({ isSignedIn: true });
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(startRealtime).toHaveBeenCalledTimes(1);
    stop();
  });

  it('tries again at the next sign-in when the remote failed to load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = fakeStore({ isSignedIn: true });
    const startRealtime = jest.fn();
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ startRealtime });
    startRealtimeWhenSignedIn(session, load);
    await flush();
    expect(startRealtime).not.toHaveBeenCalled();
    session.update({ isSignedIn: false });
    session.update({ isSignedIn: true });
    await flush();
    expect(startRealtime).toHaveBeenCalledTimes(1);
  });
});
