import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { createEventBus, type ChatNotice, type UserType } from '@excursio/shared';
import { chatOrderLink } from './chatOrderLink';
import { bufferEarlyToasts, TOAST_LIFETIME_MS, ToastHost } from './ToastHost';

const chat: ChatNotice = { avatar_path: '/api/media/avatar/7.svg', name: 'Михаил Орлов', user_type: 'partner', order_id: 15, message_id: 90 };

function host(userType: UserType | null = 'client') {
  const bus = createEventBus();
  render(
    <MemoryRouter>
      <ToastHost bus={bus} session={{ userType }} />
    </MemoryRouter>,
  );
  return bus;
}

const toastOf = (text: string) => screen.getByText(text).closest('.Toastify__toast');

describe('ToastHost', () => {
  it('shows a plain toast from the bus, black, with a close button', async () => {
    const bus = host();
    act(() => bus.emit('toast:show', { type: 'info', message: 'Экскурсия добавлена в избранное' }));
    expect(await screen.findByText('Экскурсия добавлена в избранное')).toBeInTheDocument();
    expect(toastOf('Экскурсия добавлена в избранное')).toHaveClass('sh-toast--info');
    expect(screen.getByRole('button', { name: 'Закрыть уведомление' })).toBeInTheDocument();
  });

  it('shows the toasts sent before it was mounted (start-up), once', async () => {
    const bus = createEventBus();
    bufferEarlyToasts(bus);
    bus.emit('toast:show', { type: 'error', message: 'Ссылка для входа недействительна' });
    render(
      <MemoryRouter>
        <ToastHost bus={bus} session={{ userType: null }} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Ссылка для входа недействительна')).toBeInTheDocument();
    act(() => bus.emit('toast:show', { type: 'info', message: 'Потом' }));
    expect(await screen.findByText('Потом')).toBeInTheDocument();
    expect(screen.getAllByText('Ссылка для входа недействительна')).toHaveLength(1);
  });

  it('makes error toasts red', async () => {
    const bus = host();
    act(() => bus.emit('toast:show', { type: 'error', message: 'Код устарел' }));
    expect(await screen.findByText('Код устарел')).toBeInTheDocument();
    expect(toastOf('Код устарел')).toHaveClass('sh-toast--error');
    expect(toastOf('Код устарел')).not.toHaveClass('sh-toast--info');
  });

  it('announces errors assertively and the rest politely, and is dismissed by keyboard', async () => {
    const bus = host();
    act(() => bus.emit('toast:show', { type: 'error', message: 'Оплата не прошла' }));
    act(() => bus.emit('toast:show', { type: 'info', message: 'Отзыв опубликован' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Оплата не прошла');
    expect(await screen.findByRole('status')).toHaveTextContent('Отзыв опубликован');
    const close = within(screen.getByRole('alert')).getByRole('button', { name: 'Закрыть уведомление' });
    close.focus();
    await userEvent.keyboard('{Enter}');
    // it leaves (the exit animation removes it; jsdom does not play animations)
    await waitFor(() => expect(toastOf('Оплата не прошла')).toHaveAttribute('data-in', 'false'));
    expect(toastOf('Отзыв опубликован')).toHaveAttribute('data-in', 'true');
  });

  it('lets toasts vanish after 10 seconds', async () => {
    const bus = host();
    act(() => bus.emit('toast:show', { type: 'info', message: 'Скоро исчезнет' }));
    await screen.findByText('Скоро исчезнет');
    expect(TOAST_LIFETIME_MS).toBe(10_000);
    const progress = toastOf('Скоро исчезнет')?.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(progress?.style.animationDuration).toBe('10000ms');
  });

  it('shows a white chat toast linking a client to the customer order page', async () => {
    const bus = host('client');
    act(() => bus.emit('toast:show', { type: 'chat', message: 'Встречаемся у фонтана', chat }));
    expect(await screen.findByText('Встречаемся у фонтана')).toBeInTheDocument();
    expect(screen.getByText('Михаил Орлов')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в заказ' })).toHaveAttribute('href', '/account/user/15');
    expect(toastOf('Встречаемся у фонтана')).toHaveClass('sh-toast--chat');
    expect(toastOf('Встречаемся у фонтана')?.querySelector('img')).toHaveAttribute('src', '/api/media/avatar/7.svg');
  });

  it('links a partner to the partner order page', async () => {
    const bus = host('partner');
    act(() => bus.emit('toast:show', { type: 'chat', message: 'Можно прийти с собакой?', chat: { ...chat, name: 'Анна', user_type: 'client' } }));
    await screen.findByText('Можно прийти с собакой?');
    expect(screen.getByRole('link', { name: 'Перейти в заказ' })).toHaveAttribute('href', '/account/partner/order/15');
  });

  it('fetches the toast stack only with the first toast and shows toasts that came meanwhile in order', async () => {
    const bus = host();
    expect(document.querySelector('.Toastify')).toBeNull();
    act(() => {
      bus.emit('toast:show', { type: 'info', message: 'Первое' });
      bus.emit('toast:show', { type: 'error', message: 'Второе' });
    });
    expect(await screen.findByText('Первое')).toBeInTheDocument();
    expect(await screen.findByText('Второе')).toBeInTheDocument();
    act(() => bus.emit('toast:show', { type: 'info', message: 'Третье' }));
    expect(await screen.findByText('Третье')).toBeInTheDocument();
    const order = [...document.querySelectorAll('.sh-toast__message')].map((el) => el.textContent);
    // newest on top
    expect(order).toEqual(['Третье', 'Второе', 'Первое']);
  });

  it('renders user text as text, never as HTML', async () => {
    const bus = host();
    const evil = '<img src=x onerror="alert(1)"><b>жирный</b>';
    act(() => bus.emit('toast:show', { type: 'chat', message: evil, chat: { ...chat, avatar_path: null, name: '<i>Гость</i>' } }));
    expect(await screen.findByText(evil)).toBeInTheDocument();
    expect(screen.getByText('<i>Гость</i>')).toBeInTheDocument();
    expect(document.querySelector('.Toastify img, .Toastify b, .Toastify i')).toBeNull();
  });
});

describe('chatOrderLink', () => {
  it('depends on the receiving user type', () => {
    expect(chatOrderLink(3, 'client')).toBe('/account/user/3');
    expect(chatOrderLink(3, 'partner')).toBe('/account/partner/order/3');
  });
});
