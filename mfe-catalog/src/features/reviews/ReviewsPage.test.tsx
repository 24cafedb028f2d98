import { screen } from '@testing-library/react';
import { reviewsApi } from '../../api/reviews';
import { MOSKVA, MOSKVA_REGION, ok, page, review } from '../../testing/fixtures';
import { heading } from '../../testing/page';
import { renderRoute } from '../../testing/renderRoute';

afterEach(() => jest.restoreAllMocks());

describe('reviews page', () => {
  it('pages through the reviews of a city', async () => {
    const call = jest.spyOn(reviewsApi, 'placeReviews').mockResolvedValue(
      ok({ region: MOSKVA_REGION, city: MOSKVA, excursion: null, rating: 4.6, reviews: { ...page([review({ id: 1, text: 'Понравилось' })], 2, 3), total: 25 } }),
    );
    renderRoute('/excursion/reviews/moskva/moskva?page=2');
    expect(await heading()).toBe('Отзывы: Москва');
    expect(call).toHaveBeenCalledWith('moskva/moskva', 2);
    expect(screen.getByText(/25 отзывов/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Рейтинг 4,6 из 5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Кремль изнутри' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Дальше ›' })).toHaveAttribute('href', '/excursion/reviews/moskva/moskva?page=3');
  });
});
