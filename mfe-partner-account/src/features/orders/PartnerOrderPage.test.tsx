import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { widgets, type OrderChatProps } from '@excursio/shared';
import { PartnerOrderPage } from './PartnerOrderPage';

describe('PartnerOrderPage', () => {
  it('places the order chat the shell provides, as the partner', async () => {
    const seen: OrderChatProps[] = [];
    widgets.provide('OrderChat', (props: OrderChatProps) => {
      seen.push(props);
      return <p>чат заказа {props.orderId}</p>;
    });
    const router = createMemoryRouter([{ path: '/account/partner/order/:id', Component: PartnerOrderPage }], {
      initialEntries: ['/account/partner/order/42'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ №42' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Чат с путешественником' })).toBeInTheDocument();
    expect(screen.getByText('чат заказа 42')).toBeInTheDocument();
    expect(seen.at(-1)).toEqual({ orderId: 42, userType: 'partner' });
  });
});
