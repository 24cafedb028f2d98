import { render, screen } from '@testing-library/react';
import { RatingStars } from './RatingStars';

describe('RatingStars', () => {
  it('fills the stars to the rating and counts reviews in Russian', () => {
    const { container } = render(<RatingStars value={4.5} count={22} />);
    expect(screen.getByRole('img', { name: 'Рейтинг 4,5 из 5' })).toBeInTheDocument();
    expect(container.querySelector('.cat-rating__fill')).toHaveStyle({ width: '90%' });
    expect(screen.getByText('22 отзыва')).toBeInTheDocument();
  });

  it('says the excursion is new when it has no rating', () => {
    render(<RatingStars value={0} count={0} />);
    expect(screen.getByText('Новая экскурсия')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
