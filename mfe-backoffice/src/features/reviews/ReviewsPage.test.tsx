import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffReview } from '@excursio/shared';
import { callsTo, fakeApi, ok, paged } from '../../testing/fakeApi';
import { meRoute, renderBackoffice, signInStaff } from '../../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

const review = (over: Partial<StaffReview> = {}): StaffReview => ({
  id: 31,
  excursion: { id: 7, title: 'Сердце столицы' },
  partner: { id: 2, name: 'Михаил Орлов' },
  author: { id: 1, name: 'Анна' },
  rating: 1,
  text: 'Ужасно, гид — мошенник',
  reply: null,
  created_at: '2026-05-20T10:00:00Z',
  hidden: null,
  flags: [{ id: 1, partner: { id: 2, name: 'Михаил Орлов' }, reason: 'Оскорбления', created_at: '2026-05-21T10:00:00Z', open: true }],
  ...over,
});

describe('reviews', () => {
  it('starts with the flagged reviews and hides one with a reason the author is told', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/reviews': () => ok(paged([review()])),
      'POST /api/staff/reviews/31/hide': () => ok(review({ hidden: { reason: 'Оскорбления', at: '2026-05-30T09:00:00Z', by: { id: 3, name: 'Ольга' } }, flags: [] })),
    });
    renderBackoffice('/backoffice/reviews');
    const card = await screen.findByRole('article', { name: 'Анна о «Сердце столицы»' });
    expect(callsTo(calls, 'GET', '/api/staff/reviews')[0]!.query).toEqual({ page: 1, flagged: true });
    expect(card).toHaveTextContent('Михаил Орлов, ');
    expect(card).toHaveTextContent('«Оскорбления»');
    fireEvent.click(within(card).getByRole('button', { name: 'Скрыть отзыв' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Укажите причину');
    fireEvent.change(within(card).getByLabelText(/Причина скрыть отзыв/), { target: { value: 'Оскорбления' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Скрыть отзыв' }));
    expect(await within(card).findByRole('button', { name: 'Вернуть отзыв' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Скрыт');
    expect(callsTo(calls, 'POST', '/api/staff/reviews/31/hide')[0]!.body).toEqual({ reason: 'Оскорбления' });
  });

  it('searches every review, and dismisses unfounded flags', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/reviews': () => ok(paged([review()])),
      'POST /api/staff/reviews/31/dismiss-flags': () => ok(review({ flags: [] })),
    });
    renderBackoffice('/backoffice/reviews');
    fireEvent.click(await screen.findByRole('button', { name: 'Жалоба необоснованна' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Жалоба необоснованна' })).not.toBeInTheDocument());
    fireEvent.change(screen.getByLabelText('Текст, автор, экскурсия или номер отзыва'), { target: { value: 'мошенник' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/staff/reviews').at(-1)?.query).toEqual({ page: 1, q: 'мошенник' }));
    expect(callsTo(calls, 'POST', '/api/staff/reviews/31/dismiss-flags')).toHaveLength(1);
  });
});
