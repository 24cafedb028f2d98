import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationCalls } from '../../lib/notifications/notificationCalls';
import { notifications } from '../../lib/notifications/notifications';
import { page } from '../../testing/fixtures';
import { renderWidget, signInAs } from '../../testing/render';
import { NotificationsPanel, PANEL_LIMIT } from './NotificationsPanel';

beforeEach(() => {
  notifications.reset();
  jest.spyOn(notificationCalls, 'list').mockResolvedValue(page([], 1, 1));
  jest.spyOn(notificationCalls, 'unreadCount').mockResolvedValue({ status: true, data: { unread: 0 } });
  jest.spyOn(notificationCalls, 'markViewed').mockResolvedValue({ status: true });
});
afterEach(() => jest.restoreAllMocks());

describe('notifications panel', () => {
  it('shows the header, the unread filter and the empty state of the unviewed', async () => {
    signInAs('client');
    renderWidget(<NotificationsPanel onClose={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'Уведомления' })).toBeInTheDocument();
    expect(await screen.findByText('Здесь появятся уведомления о заказах и сообщения от гидов')).toBeInTheDocument();
    const filter = screen.getByRole('switch', { name: 'Только непрочитанные' });
    await userEvent.setup().click(filter);
    expect(filter).toBeChecked();
    expect(await screen.findByText('Все уведомления прочитаны')).toBeInTheDocument();
  });

  it('shows the newest few from the one store, and closes when one is opened', async () => {
    signInAs('client');
    jest.spyOn(notificationCalls, 'list').mockResolvedValue(page([12, 11, 10, 9, 8, 7, 6, 5, 4, 3], 1, 2));
    const onClose = jest.fn();
    renderWidget(<NotificationsPanel onClose={onClose} />);
    const first = await screen.findByRole('link', { name: /Уведомление 12/ });
    expect(screen.getAllByRole('listitem')).toHaveLength(PANEL_LIMIT);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    await userEvent.setup().click(first);
    expect(onClose).toHaveBeenCalled();
    expect(notificationCalls.markViewed).toHaveBeenCalledWith(12);
  });

  it.each([
    ['client', '/account/user/notification'],
    ['partner', '/account/partner/notification'],
  ] as const)('links a %s to their notification page and closes on the way', async (userType, href) => {
    signInAs(userType);
    const onClose = jest.fn();
    renderWidget(<NotificationsPanel onClose={onClose} />);
    const link = screen.getByRole('link', { name: 'Все уведомления' });
    expect(link).toHaveAttribute('href', href);
    await userEvent.setup().click(link);
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('Другая страница')).toBeInTheDocument();
  });
});
