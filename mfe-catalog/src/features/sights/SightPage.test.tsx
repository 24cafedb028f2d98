import { screen } from '@testing-library/react';
import { sightsApi } from '../../api/sights';
import { excursionCard, ok, sightCard } from '../../testing/fixtures';
import { crumbs, heading } from '../../testing/page';
import { renderRoute } from '../../testing/renderRoute';

afterEach(() => jest.restoreAllMocks());

describe('sight page', () => {
  it('shows a sight of several segments with its excursions', async () => {
    const call = jest.spyOn(sightsApi, 'sight').mockResolvedValue(
      ok({ ...sightCard({ id: 3, slug: 'moskva/kreml', name: 'Московский Кремль' }), description: 'Крепость XV века.', excursions: [excursionCard({ id: 5, slug: 'kreml', title: 'Кремль изнутри' })] }),
    );
    renderRoute('/excursion/sight/moskva/kreml');
    expect(await heading()).toBe('Московский Кремль');
    expect(call).toHaveBeenCalledWith('moskva/kreml');
    expect(crumbs().getAllByRole('link', { name: 'Москва' }).map((a) => a.getAttribute('href'))).toEqual(['/excursion/moskva', '/excursion/moskva/moskva']);
    expect(screen.getByRole('link', { name: 'Кремль изнутри' })).toBeInTheDocument();
  });
});
