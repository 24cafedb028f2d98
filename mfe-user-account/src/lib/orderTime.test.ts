import { OLD_TBILISI, orderDetail, orderItem } from '../testing/orders';
import { visitorIn } from '../testing/visitorZone';
import { orderMoment, orderStart } from './orderTime';

afterEach(() => jest.restoreAllMocks());

const tbilisi = orderDetail({ excursion: OLD_TBILISI, event: { id: 31, starts_at: '2026-05-02T07:00:00Z' } });

describe('order times', () => {
  it('shows a Tbilisi excursion in Tbilisi time and says so to a visitor in Moscow', () => {
    visitorIn('Europe/Moscow');
    expect(orderStart(tbilisi)).toBe('суббота, 2 мая 2026 г. в 11:00 (время местное, UTC+4)');
    expect(orderMoment(tbilisi, '2026-04-01T10:05:00Z')).toBe('1 апреля в 14:05 (время местное, UTC+4)');
  });

  it('says nothing more to a visitor whose clock agrees', () => {
    visitorIn('Asia/Tbilisi');
    expect(orderStart(tbilisi)).toBe('суббота, 2 мая 2026 г. в 11:00');
    visitorIn('Europe/Moscow');
    expect(orderStart(orderItem({ id: 1, event: { id: 9, starts_at: '2026-05-02T07:00:00Z' } }))).toBe('суббота, 2 мая 2026 г. в 10:00');
  });
});
