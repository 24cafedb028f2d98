import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationsPanel } from './NotificationsPanel';
import { renderWidget, signInAs } from '../../testing/render';

describe('notifications panel', () => {
  it('shows the header, the unread filter and the empty state', async () => {
    signInAs('client');
    renderWidget(<NotificationsPanel onClose={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'Уведомления' })).toBeInTheDocument();
    expect(screen.getByText('Новых уведомлений нет')).toBeInTheDocument();
    const filter = screen.getByRole('switch', { name: 'Только непрочитанные' });
    expect(filter).not.toBeChecked();
    await userEvent.setup().click(filter);
    expect(filter).toBeChecked();
    expect(screen.getByText('Новых уведомлений нет')).toBeInTheDocument();
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
