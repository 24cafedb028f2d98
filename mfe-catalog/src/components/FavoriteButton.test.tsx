import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { api, bus } from '@excursio/shared';
import { ANNA, signIn, signOut } from '../testing/session';
import { FavoriteButton } from './FavoriteButton';

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('FavoriteButton', () => {
  it('adds and removes a favorite when signed in', async () => {
    signIn([]);
    const add = jest.spyOn(api, 'addFavorite').mockResolvedValue({ status: true, data: [7] });
    const remove = jest.spyOn(api, 'removeFavorite').mockResolvedValue({ status: true, data: [] });
    render(<FavoriteButton excursionId={7} title="Кремль" />);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить в избранное: Кремль' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Убрать из избранного: Кремль' })).toHaveAttribute('aria-pressed', 'true'));
    expect(add).toHaveBeenCalledWith(7);
    fireEvent.click(screen.getByRole('button', { name: 'Убрать из избранного: Кремль' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(7));
    await waitFor(() => expect(screen.getByRole('button')).toHaveAttribute('aria-pressed', 'false'));
  });

  it('signed out, opens the sign-in modal and adds the favorite after the sign-in', async () => {
    signOut();
    const add = jest.spyOn(api, 'addFavorite').mockResolvedValue({ status: true, data: [7] });
    const opened = jest.fn();
    bus.on('modal:open', opened);
    render(<FavoriteButton excursionId={7} title="Кремль" variant="labelled" />);
    fireEvent.click(screen.getByRole('button', { name: 'В избранное' }));
    expect(opened).toHaveBeenCalledWith({ type: 'auth' });
    expect(add).not.toHaveBeenCalled();

    act(() => {
      bus.emit('auth:result', { token: 'token', user: ANNA });
    });
    act(() => signIn([]));
    await waitFor(() => expect(add).toHaveBeenCalledWith(7));
    expect(await screen.findByRole('button', { name: 'В избранном' })).toHaveAttribute('aria-pressed', 'true');
    bus.off('modal:open', opened);
  });

  it('does not remove a favorite the account already had', async () => {
    signOut();
    const add = jest.spyOn(api, 'addFavorite');
    const remove = jest.spyOn(api, 'removeFavorite');
    render(<FavoriteButton excursionId={7} title="Кремль" />);
    fireEvent.click(screen.getByRole('button'));
    act(() => signIn([7]));
    act(() => bus.emit('auth:result', { token: 'token', user: ANNA }));
    await waitFor(() => expect(screen.getByRole('button')).toHaveAttribute('aria-pressed', 'true'));
    expect(add).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
  });

  it('tells about a failure in an error toast', async () => {
    signIn([]);
    jest.spyOn(api, 'addFavorite').mockRejectedValue(new Error('down'));
    const toast = jest.fn();
    bus.on('toast:show', toast);
    render(<FavoriteButton excursionId={7} title="Кремль" />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ type: 'error', message: 'Не удалось изменить избранное. Попробуйте ещё раз.' }));
    bus.off('toast:show', toast);
  });
});
