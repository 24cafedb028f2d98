import { session } from '@excursio/shared';
import { notificationCalls } from '../lib/notifications/notificationCalls';
import { page } from '../testing/fixtures';
import { signInAs } from '../testing/render';
import { createEchoClient } from '../features/realtime/echoClient';
import type { RealtimeChannel } from '../features/realtime/RealtimeConnection';
import { startRealtime } from './realtime';

jest.mock('../features/realtime/echoClient', () => ({ createEchoClient: jest.fn() }));

describe('./realtime', () => {
  it('starts one connection however often the shell calls it, and follows the session', async () => {
    const channel: RealtimeChannel = { listen: jest.fn(() => channel), subscribed: jest.fn(() => channel) };
    const client = { private: jest.fn(() => channel), leave: jest.fn(), disconnect: jest.fn() };
    jest.mocked(createEchoClient).mockResolvedValue(client);
    jest.spyOn(notificationCalls, 'list').mockResolvedValue(page([], 1, 1));
    jest.spyOn(notificationCalls, 'unreadCount').mockResolvedValue({ status: true, data: { unread: 3 } });
    signInAs('client');
    startRealtime();
    startRealtime();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(createEchoClient).toHaveBeenCalledTimes(1);
    expect(client.private).toHaveBeenCalledWith('App.Models.User.9');
    expect(notificationCalls.unreadCount).toHaveBeenCalled();
    session.token = null;
    session.profile = null;
    expect(client.disconnect).toHaveBeenCalled();
  });
});
