import { screen, within } from '@testing-library/react';

/** The page's breadcrumbs. */
export const crumbs = () => within(screen.getByRole('navigation', { name: 'Навигационная цепочка' }));

/** The page's h1, once it shows. */
export const heading = async () => (await screen.findByRole('heading', { level: 1 })).textContent;
