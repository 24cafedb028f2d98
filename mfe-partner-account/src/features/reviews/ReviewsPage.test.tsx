import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PartnerReview, PartnerReviews } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { ok, page, unprocessable } from '../../testing/misc';
import { reviewsCalls } from '../../calls/reviewsCalls';

const review = (over: Partial<PartnerReview> & Pick<PartnerReview, 'id'>): PartnerReview => ({
  author_name: 'Ирина',
  rating: 5,
  text: 'Отличная прогулка!',
  reply: null,
  replied_at: null,
  created_at: '2026-05-10T09:00:00Z',
  order_id: 42,
  excursion: { id: 7, title: 'Сердце столицы', path: '/excursion/moskva/moskva/serdtse' },
  ...over,
});

const answer = (reviews: PartnerReview[], over: Partial<PartnerReviews> = {}): PartnerReviews => ({
  reviews: page(reviews),
  excursions: [
    { id: 7, title: 'Сердце столицы' },
    { id: 8, title: 'Тайны Замоскворечья' },
  ],
  summary: { total: reviews.length, rating: 4.5, unanswered: reviews.filter((r) => r.reply === null).length },
  ...over,
});

beforeEach(() => signInAs());
afterEach(() => jest.restoreAllMocks());

describe('partner reviews page', () => {
  it('lists the reviews with their excursion, stars and reply; filters by excursion and rating', async () => {
    const spy = jest.spyOn(reviewsCalls, 'reviews').mockResolvedValue(
      ok(answer([review({ id: 1 }), review({ id: 2, author_name: 'Павел', rating: 4, reply: 'Спасибо!', replied_at: '2026-05-11T10:00:00Z' })])),
    );
    renderAccount('/account/partner/reviews');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ирина' })).toBeInTheDocument();
    expect(screen.getByText('2 отзыва, средняя оценка 4,5', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Оценка 4 из 5' })).toBeInTheDocument();
    expect(screen.getByText('Спасибо!')).toBeInTheDocument();
    expect(screen.getByText(/Ваш ответ · 11 мая 2026/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Сердце столицы' })[0]).toHaveAttribute('href', '/excursion/moskva/moskva/serdtse');
    expect(screen.getAllByRole('link', { name: 'заказ №42' })[0]).toHaveAttribute('href', '/account/partner/order/42');

    fireEvent.change(screen.getByLabelText('Экскурсия'), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText('Оценка'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    await waitFor(() => expect(spy).toHaveBeenLastCalledWith({ page: 1, excursion_id: 8, rating: 4 }));
  });

  it('publishes a reply; a reply with contacts shows the api’s message under the field', async () => {
    jest.spyOn(reviewsCalls, 'reviews').mockResolvedValue(ok(answer([review({ id: 1 })])));
    const reply = jest
      .spyOn(reviewsCalls, 'reply')
      .mockRejectedValueOnce(unprocessable({ text: ['Ответ публичный: уберите телефон и e-mail — путешественники связываются с вами через заказ.'] }))
      .mockResolvedValueOnce(ok(review({ id: 1, reply: 'Спасибо, Ирина!', replied_at: '2026-05-12T08:00:00Z' })));
    renderAccount('/account/partner/reviews');
    fireEvent.click(await screen.findByRole('button', { name: 'Ответить' }));
    const field = screen.getByLabelText('Ответ на отзыв Ирина');
    fireEvent.change(field, { target: { value: 'Звоните +7 999 123-45-67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Опубликовать ответ' }));
    const error = await screen.findByText(/уберите телефон и e-mail/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);

    fireEvent.change(field, { target: { value: 'Спасибо, Ирина!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Опубликовать ответ' }));
    await waitFor(() => expect(reply).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Спасибо, Ирина!')).toBeInTheDocument();
    expect(reply).toHaveBeenLastCalledWith(1, 'Спасибо, Ирина!');
    expect(screen.getByRole('button', { name: 'Изменить ответ' })).toBeInTheDocument();
  });

  it('refuses an empty reply without a call', async () => {
    jest.spyOn(reviewsCalls, 'reviews').mockResolvedValue(ok(answer([review({ id: 1 })])));
    const reply = jest.spyOn(reviewsCalls, 'reply');
    renderAccount('/account/partner/reviews');
    fireEvent.click(await screen.findByRole('button', { name: 'Ответить' }));
    fireEvent.click(screen.getByRole('button', { name: 'Опубликовать ответ' }));
    expect(await screen.findByText('Напишите ответ.')).toBeInTheDocument();
    expect(reply).not.toHaveBeenCalled();
  });

  it('shows a skeleton, then the empty state; an error with a retry', async () => {
    jest.spyOn(reviewsCalls, 'reviews').mockResolvedValueOnce(ok(answer([]))).mockRejectedValueOnce(new Error('boom'));
    renderAccount('/account/partner/reviews');
    expect(screen.queryByText('Загрузка…') ?? (await screen.findByText('Загрузка…'))).toBeInTheDocument();
    expect(await screen.findByText(/Отзывов пока нет/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Оценка'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
