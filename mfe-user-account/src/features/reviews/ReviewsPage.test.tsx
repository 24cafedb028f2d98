import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type MyReview, type ReviewInvitation } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { reviewCalls } from './reviewCalls';
import { uploadCalls } from '../../components/uploads';

const ok = <T,>(data: T) => ({ status: true as const, data });
const excursion = { id: 7, title: 'Сердце столицы', path: '/excursion/moskva/moskva/serdtse-stolitsy' };
const invitation: ReviewInvitation = { order_id: 42, starts_at: '2026-11-20T07:00:00Z', time_zone: 'Europe/Moscow', excursion };
const review = (over: Partial<MyReview> = {}): MyReview => ({
  id: 9,
  order_id: 41,
  rating: 4,
  text: 'Хорошая прогулка, спасибо гиду.',
  reply: 'Спасибо, приходите ещё!',
  replied_at: '2026-11-21T10:00:00Z',
  created_at: '2026-11-20T12:00:00Z',
  editable_until: '2026-11-27T12:00:00Z',
  excursion,
  photos: [],
  ...over,
});

beforeEach(() => signInAs());
afterEach(() => jest.restoreAllMocks());

describe('reviews page', () => {
  it('shows the trips awaiting a review and my reviews with the guide’s reply', async () => {
    jest.spyOn(reviewCalls, 'list').mockResolvedValue(ok({ reviews: [review()], awaiting: [invitation] }));
    renderAccount('/account/user/reviews');
    expect(await screen.findByRole('heading', { level: 2, name: 'Оцените экскурсию' })).toBeInTheDocument();
    expect(screen.getByText(/20 ноября.{1,4}10:00 · заказ №42/)).toBeInTheDocument();
    const mine = screen.getByRole('region', { name: 'Мои отзывы' });
    expect(within(mine).getByRole('img', { name: 'Оценка: 4 из 5' })).toBeInTheDocument();
    expect(within(mine).getByText('Спасибо, приходите ещё!')).toBeInTheDocument();
    expect(within(mine).getByText('можно до 27 ноября 2026 г.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Отзывы — Excursio'));
  });

  it('writes a review from the order page’s link (?order=42): stars and text checked first, then published', async () => {
    jest.spyOn(reviewCalls, 'list').mockResolvedValue(ok({ reviews: [], awaiting: [invitation] }));
    const write = jest
      .spyOn(reviewCalls, 'write')
      .mockResolvedValue(ok(review({ id: 10, order_id: 42, rating: 5, text: 'Лучшая экскурсия в Москве!', reply: null, replied_at: null })));
    renderAccount('/account/user/reviews?order=42');
    const form = await screen.findByRole('form', { name: 'Отзыв об экскурсии «Сердце столицы»' });
    fireEvent.click(within(form).getByRole('button', { name: 'Опубликовать отзыв' }));
    expect(await within(form).findByText('Поставьте оценку от 1 до 5 звёзд.')).toBeInTheDocument();
    expect(within(form).getByText('Напишите отзыв.')).toBeInTheDocument();
    expect(write).not.toHaveBeenCalled();
    fireEvent.click(within(form).getByRole('radio', { name: '5 из 5 — отлично' }));
    fireEvent.change(within(form).getByLabelText('Отзыв'), { target: { value: '  Лучшая экскурсия в Москве!  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Опубликовать отзыв' }));
    await waitFor(() => expect(write).toHaveBeenCalledWith({ order_id: 42, rating: 5, text: 'Лучшая экскурсия в Москве!', photo_ids: [] }));
    expect(await screen.findByText('Лучшая экскурсия в Москве!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Оцените экскурсию' })).not.toBeInTheDocument();
  });

  it('edits a review; the api’s refusal is shown at the field', async () => {
    jest.spyOn(reviewCalls, 'list').mockResolvedValue(ok({ reviews: [review()], awaiting: [] }));
    jest.spyOn(reviewCalls, 'edit').mockRejectedValueOnce(
      new ApiError(422, 'Отзыв можно изменить в течение 7 дней после публикации.', { text: ['Отзыв можно изменить в течение 7 дней после публикации.'] }),
    );
    renderAccount('/account/user/reviews');
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
    const form = screen.getByRole('form', { name: 'Изменить отзыв об экскурсии «Сердце столицы»' });
    expect(within(form).getByRole('radio', { name: '4 из 5 — хорошо' })).toBeChecked();
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText('Отзыв можно изменить в течение 7 дней после публикации.')).toBeInTheDocument();
  });

  it('says what to expect when there is nothing yet', async () => {
    jest.spyOn(reviewCalls, 'list').mockResolvedValue(ok({ reviews: [], awaiting: [] }));
    renderAccount('/account/user/reviews');
    expect(await screen.findByText(/Вы ещё не оставляли отзывов/)).toBeInTheDocument();
  });

  it('adds photos to a review as they are chosen (uploaded at once), removes one, refuses a 6th and a non-image', async () => {
    jest.spyOn(reviewCalls, 'list').mockResolvedValue(ok({ reviews: [], awaiting: [invitation] }));
    let n = 0;
    const upload = jest.spyOn(uploadCalls, 'uploadImage').mockImplementation(async () => {
      n += 1;
      return ok({ id: 100 + n, preset: 'photo' as const, width: 1280, height: 960, url: `/u/${n}/1280.webp`, fallback_url: `/u/${n}/1280.jpg`, srcset: `/u/${n}/320.webp 320w` });
    });
    const write = jest.spyOn(reviewCalls, 'write').mockResolvedValue(ok(review({ id: 11, order_id: 42 })));
    renderAccount('/account/user/reviews?order=42');
    const form = await screen.findByRole('form', { name: 'Отзыв об экскурсии «Сердце столицы»' });
    const input = within(form).getByLabelText('Добавить фото');
    const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [jpeg('a.jpg'), jpeg('b.jpg'), new File(['x'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(await within(form).findByRole('img', { name: 'Фото 2' })).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('«doc.pdf» — не изображение');
    expect(upload).toHaveBeenCalledTimes(2);
    fireEvent.click(within(form).getByRole('button', { name: 'Убрать фото 1' }));
    expect(within(form).queryByRole('img', { name: 'Фото 2' })).not.toBeInTheDocument();
    fireEvent.change(input, { target: { files: [1, 2, 3, 4, 5].map((i) => jpeg(`${i}.jpg`)) } });
    expect(await within(form).findByText('Можно добавить ещё 4 из 5 фото.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getAllByRole('img')).toHaveLength(5));
    expect(within(form).queryByLabelText('Добавить фото')).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('radio', { name: '4 из 5 — хорошо' }));
    fireEvent.change(within(form).getByLabelText('Отзыв'), { target: { value: 'Хорошая прогулка по центру.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Опубликовать отзыв' }));
    await waitFor(() => expect(write).toHaveBeenCalledWith({ order_id: 42, rating: 4, text: 'Хорошая прогулка по центру.', photo_ids: [102, 103, 104, 105, 106] }));
  });
});
