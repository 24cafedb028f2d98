import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PartnerReview } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { ok, page, unprocessable } from '../../testing/misc';
import { reviewsCalls } from '../../calls/reviewsCalls';

const review: PartnerReview = {
  id: 5,
  author_name: 'Ирина',
  rating: 1,
  text: 'Ужасно, гид — мошенник!',
  reply: null,
  replied_at: null,
  created_at: '2026-05-10T09:00:00Z',
  order_id: null,
  excursion: { id: 7, title: 'Сердце столицы', path: '/excursion/moskva/moskva/serdtse' },
};

beforeEach(() => signInAs());
afterEach(() => jest.restoreAllMocks());

describe('partner reviews: «Пожаловаться»', () => {
  it('sends a complaint with its reason; an empty reason is refused on the page, the api’s message shown', async () => {
    jest.spyOn(reviewsCalls, 'reviews').mockResolvedValue(ok({ reviews: page([review]), excursions: [], summary: { total: 1, rating: 1, unanswered: 1 } }));
    const flag = jest
      .spyOn(reviewsCalls, 'flag')
      .mockRejectedValueOnce(unprocessable({ reason: ['Опишите, что не так с отзывом.'] }))
      .mockResolvedValueOnce(ok(true) as never);
    renderAccount('/account/partner/reviews');
    fireEvent.click(await screen.findByRole('button', { name: 'Пожаловаться' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить жалобу' }));
    expect(await screen.findByText('Опишите, что не так с отзывом.')).toBeInTheDocument();
    expect(flag).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Что не так с отзывом'), { target: { value: '   x   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить жалобу' }));
    await waitFor(() => expect(flag).toHaveBeenCalledWith(5, 'x'));
    expect(await screen.findByText('Опишите, что не так с отзывом.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Что не так с отзывом'), { target: { value: 'Оскорбления, заказа не было' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить жалобу' }));
    expect(await screen.findByText('Жалоба на рассмотрении.')).toBeInTheDocument();
    expect(flag).toHaveBeenLastCalledWith(5, 'Оскорбления, заказа не было');
    expect(screen.getByRole('button', { name: 'Изменить жалобу' })).toBeInTheDocument();
  });
});
