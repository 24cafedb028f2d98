import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationCalls } from '../../lib/notifications/notificationCalls';
import { notifications } from '../../lib/notifications/notifications';
import { notification, page } from '../../testing/fixtures';
import { renderPage, signInAs } from '../../testing/render';

beforeEach(() => {
  notifications.reset();
  jest.spyOn(notificationCalls, 'list').mockResolvedValue(page([], 1, 1));
  jest.spyOn(notificationCalls, 'unreadCount').mockResolvedValue({ status: true, data: { unread: 0 } });
  jest.spyOn(notificationCalls, 'markViewed').mockResolvedValue({ status: true });
  jest.spyOn(notificationCalls, 'setViewed').mockResolvedValue({ status: true });
});
afterEach(() => jest.restoreAllMocks());

describe('notifications page', () => {
  it.each([
    ['/account/user/notification', 'Здесь появятся уведомления о заказах и сообщения от гидов'],
    ['/account/partner/notification', 'Здесь появятся новые заказы, оплаты и отмены, а также сообщения от путешественников'],
  ])('%s is titled «Уведомления» and says what will appear there', async (url, empty) => {
    signInAs(url.includes('partner') ? 'partner' : 'client');
    renderPage(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Уведомления' })).toBeInTheDocument();
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Только непрочитанные' })).not.toBeChecked();
    await waitFor(() => expect(document.title).toBe('Уведомления — Excursio'));
  });

  it('sends the legacy address to the list, replacing it and keeping the query', async () => {
    signInAs('client');
    const { router } = renderPage('/account/user/notificationold?from=mail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Уведомления' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/account/user/notification', search: '?from=mail' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('describes the partner area on partner addresses', async () => {
    signInAs('partner');
    renderPage('/account/partner/notification');
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Уведомления кабинета партнёра Excursio.');
  });

  it('shows skeletons while the first page loads, then each notification linking to what it is about', async () => {
    signInAs('client');
    let answer!: (p: ReturnType<typeof page>) => void;
    jest.spyOn(notificationCalls, 'list').mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderPage('/account/user/notification');
    expect(await screen.findByRole('status')).toHaveTextContent('Загружаем уведомления…');
    act(() => answer(page([2, 1], 1, 1, { created_at: '2026-05-02T07:05:00.000Z' })));
    const link = await screen.findByRole('link', { name: /Уведомление 2/ });
    expect(link).toHaveAttribute('href', '/account/user/2');
    expect(link).toHaveTextContent(/^Новое: Уведомление 2/);
    expect(within(link).getByText(/2 мая/)).toHaveAttribute('datetime', '2026-05-02T07:05:00.000Z');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('marks a notification viewed when it is opened', async () => {
    signInAs('client');
    jest.spyOn(notificationCalls, 'list').mockResolvedValue(page([2, 1], 1, 1));
    renderPage('/account/user/notification');
    await userEvent.setup().click(await screen.findByRole('link', { name: /Уведомление 1/ }));
    expect(await screen.findByText('Другая страница')).toBeInTheDocument();
    expect(notificationCalls.markViewed).toHaveBeenCalledWith(1);
    expect(notifications.all.find((n) => n.id === 1)?.viewed).toBe(1);
  });

  it('«Показать ещё» loads the next page until the last one', async () => {
    signInAs('client');
    const list = jest.spyOn(notificationCalls, 'list').mockResolvedValueOnce(page([4, 3], 1, 2)).mockResolvedValueOnce(page([2, 1], 2, 2));
    renderPage('/account/user/notification');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByRole('link', { name: /Уведомление 1/ })).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(2, false, expect.any(AbortSignal));
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('filters the unviewed; «Прочитать все» marks all and reloads page 1; then «Все уведомления прочитаны»', async () => {
    signInAs('client');
    jest.spyOn(notificationCalls, 'unreadCount').mockResolvedValue({ status: true, data: { unread: 1 } });
    const list = jest.spyOn(notificationCalls, 'list').mockResolvedValueOnce(page([1], 1, 1)).mockResolvedValueOnce(page([1], 1, 1)).mockResolvedValueOnce(page([], 1, 1));
    renderPage('/account/user/notification');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: /Уведомление 1/ });
    await user.click(screen.getByRole('switch', { name: 'Только непрочитанные' }));
    expect(list).toHaveBeenLastCalledWith(1, true, expect.any(AbortSignal));
    await user.click(await screen.findByRole('button', { name: 'Прочитать все' }));
    expect(notificationCalls.setViewed).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Все уведомления прочитаны')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('puts a pushed notification of the area on top, live', async () => {
    signInAs('partner');
    jest.spyOn(notificationCalls, 'list').mockResolvedValue(page([1], 1, 1, { type: 'partner_order_new', link: '/account/partner/order/1' }));
    renderPage('/account/partner/notification');
    await screen.findByRole('link', { name: /Уведомление 1/ });
    act(() => notifications.receive(notification(2, { type: 'partner_order_paid', link: '/account/partner/order/2' })));
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/account/partner/order/2', '/account/partner/order/1']);
  });
});
