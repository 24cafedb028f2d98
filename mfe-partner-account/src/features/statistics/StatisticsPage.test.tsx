import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PartnerStats } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { ok } from '../../testing/misc';
import { formatMinutes } from './StatisticsPage';
import { statisticsCalls } from '../../calls/statisticsCalls';

// uPlot draws on a canvas (jsdom has none): the test sees that a chart is made with the days' figures.
const charts: { data: unknown }[] = [];
jest.mock('uplot', () => {
  function UPlot(_opts: unknown, data: unknown) {
    charts.push({ data });
    return { destroy: jest.fn(), setSize: jest.fn() };
  }
  UPlot.paths = { bars: () => () => null };
  return { __esModule: true, default: UPlot };
});

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

const stats = (over: Partial<PartnerStats> = {}): PartnerStats => ({
  date_from: '2026-05-01',
  date_to: '2026-05-03',
  totals: {
    views: 120, orders: 6, paid: 4, revenue: 18900, prepayments: 2835, on_site: 16065,
    cancelled_by_customer: 1, cancelled_by_partner: 1, declined: 2,
  },
  days: [
    { date: '2026-05-01', views: 50, orders: 3, paid: 2, revenue: 9000 },
    { date: '2026-05-02', views: 70, orders: 3, paid: 2, revenue: 9900 },
    { date: '2026-05-03', views: 0, orders: 0, paid: 0, revenue: 0 },
  ],
  median_answer_minutes: 95,
  answered_requests: 12,
  excursions: [{ id: 7, title: 'Сердце столицы' }],
  ...over,
});

beforeEach(() => {
  signInAs();
  charts.length = 0;
});
afterEach(() => jest.restoreAllMocks());

describe('partner statistics page', () => {
  it('shows the funnel, the money in roubles, cancellations by side, the answer time, charts and a table', async () => {
    const spy = jest.spyOn(statisticsCalls, 'statistics').mockResolvedValue(ok(stats()));
    renderAccount('/account/partner/static');
    expect(await screen.findByText('Просмотры страниц')).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith({ period: 'last_30_days' });
    const text = nbsp(document.body.textContent ?? '');
    expect(text).toContain('18 900 ₽');
    expect(text).toContain('2 835 ₽');
    expect(text).toContain('16 065 ₽');
    expect(text).toContain('конверсия 5 %');
    expect(text).toContain('клиентом: 1, вами: 1, отклонено запросов: 2');
    expect(screen.getByText('1 ч 35 мин')).toBeInTheDocument();
    expect(screen.getByText('медиана, 12 последних запросов')).toBeInTheDocument();
    await waitFor(() => expect(charts).toHaveLength(2));
    expect(charts[0]!.data).toEqual([[1777593600, 1777680000, 1777766400], [9000, 9900, 0]]);
    expect(screen.getByRole('img', { name: /График выручки/ })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3); // the header and the two days with figures
  });

  it('changes the period and the excursion; a custom period waits for both dates', async () => {
    const spy = jest.spyOn(statisticsCalls, 'statistics').mockResolvedValue(ok(stats()));
    renderAccount('/account/partner/static');
    await screen.findByText('Просмотры страниц');
    fireEvent.change(screen.getByLabelText('Период'), { target: { value: 'last_month' } });
    await waitFor(() => expect(spy).toHaveBeenLastCalledWith({ period: 'last_month' }));
    fireEvent.change(screen.getByLabelText('Экскурсия'), { target: { value: '7' } });
    await waitFor(() => expect(spy).toHaveBeenLastCalledWith({ period: 'last_month', excursion_id: 7 }));
    fireEvent.change(screen.getByLabelText('Период'), { target: { value: 'custom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    expect(await screen.findByText('Укажите первый день.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('С'), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText('По'), { target: { value: '2026-04-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    await waitFor(() =>
      expect(spy).toHaveBeenLastCalledWith({ period: 'custom', date_from: '2026-04-01', date_to: '2026-04-10', excursion_id: 7 }),
    );
  });

  it('says so when the period is empty; no chart is drawn', async () => {
    const zero = { views: 0, orders: 0, paid: 0, revenue: 0, prepayments: 0, on_site: 0, cancelled_by_customer: 0, cancelled_by_partner: 0, declined: 0 };
    jest.spyOn(statisticsCalls, 'statistics').mockResolvedValue(ok(stats({ totals: zero, median_answer_minutes: null, answered_requests: 0 })));
    renderAccount('/account/partner/static');
    expect(await screen.findByText('За этот период не было ни просмотров, ни заказов.')).toBeInTheDocument();
    expect(screen.getByText('ещё не было запросов')).toBeInTheDocument();
    expect(charts).toHaveLength(0);
  });

  it('formats the answer time', () => {
    expect(formatMinutes(45)).toBe('45 мин');
    expect(formatMinutes(120)).toBe('2 ч');
    expect(formatMinutes(60 * 27 + 5)).toBe('1 дн 3 ч');
  });
});
