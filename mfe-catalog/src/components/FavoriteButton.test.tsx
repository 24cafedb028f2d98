import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { bus, http } from '@excursio/shared';
import { ANNA, signIn, signOut } from '../testing/session';
import { FavoriteButton } from './FavoriteButton';

type Answer = (excursionId: number) => Promise<unknown>;
const never: Answer = () => new Promise(() => undefined);

/** The session's favorite calls (made on the page's http client), answered here as mocks of the excursion id. */
function favoriteCalls(add: Answer = never, remove: Answer = never) {
  const addFavorite = jest.fn(add);
  const removeFavorite = jest.fn(remove);
  jest.spyOn(http, 'request').mockImplementation((method: string, path: string, options?: { body?: unknown }) => {
    if (method === 'POST' && path === '/api/excursion/user/favorite') {
      return addFavorite((options?.body as { excursion_id: number }).excursion_id) as Promise<never>;
    }
    if (method === 'DELETE' && path.startsWith('/api/excursion/user/favorite/')) return removeFavorite(Number(path.split('/').pop())) as Promise<never>;
    return Promise.reject(new Error(`unexpected call ${method} ${path}`));
  });
  return { add: addFavorite, remove: removeFavorite };
}

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('FavoriteButton', () => {
  it('adds and removes a favorite when signed in', async () => {
    signIn([]);
    const { add, remove } = favoriteCalls(
      async () => ({ status: true, data: [7] }),
      async () => ({ status: true, data: [] }),
    );
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
    const { add } = favoriteCalls(async () => ({ status: true, data: [7] }));
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
    const { add, remove } = favoriteCalls();
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
    favoriteCalls(async () => {
      throw new Error('down');
    });
    const toast = jest.fn();
    bus.on('toast:show', toast);
    render(<FavoriteButton excursionId={7} title="Кремль" />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ type: 'error', message: 'Не удалось изменить избранное. Попробуйте ещё раз.' }));
    bus.off('toast:show', toast);
  });
});
