import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CityTile } from './PlaceTile';

const kazan = { slug: 'kazan', region_slug: 'tatarstan', name: 'Казань', photo_url: '/p.svg', excursions_count: 21, region_name: 'Татарстан' };

describe('CityTile', () => {
  it('links to the city page and tells its region and how many excursions it has', () => {
    render(<MemoryRouter><CityTile city={kazan} /></MemoryRouter>);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/excursion/tatarstan/kazan');
    expect(link).toHaveTextContent('КазаньТатарстан21 экскурсия');
  });

  it('leaves the region out on the region’s own page', () => {
    render(<MemoryRouter><CityTile city={kazan} showRegion={false} /></MemoryRouter>);
    expect(screen.getByRole('link')).toHaveTextContent(/^Казань21 экскурсия$/);
  });
});
