import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatPrice, type StatsDay } from '@excursio/shared';

const dayLabel = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const toSeconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

export interface StatsChartProps {
  days: readonly StatsDay[];
  /** What to draw: money per day (bars) or the funnel's counts (lines). */
  kind: 'revenue' | 'funnel';
  label: string;
}

function options(kind: StatsChartProps['kind'], width: number): uPlot.Options {
  const axisFont = '12px system-ui, sans-serif';
  const x: uPlot.Axis = {
    stroke: '#5e6a75',
    font: axisFont,
    grid: { show: false },
    values: (_u, ticks) => ticks.map((t) => dayLabel.format(new Date(t * 1000))),
  };
  const common = { width, height: 240, legend: { show: true, live: false }, cursor: { drag: { x: false, y: false } } };
  if (kind === 'revenue') {
    return {
      ...common,
      scales: { x: { time: false } },
      axes: [x, { stroke: '#5e6a75', font: axisFont, size: 72, values: (_u, ticks) => ticks.map((t) => formatPrice(t)) }],
      series: [
        {},
        {
          label: 'Выручка',
          fill: 'rgba(8, 117, 80, 0.75)',
          stroke: '#065e40',
          paths: uPlot.paths.bars!({ size: [0.7, 40] }),
          points: { show: false },
          value: (_u, v) => (v === null ? '—' : formatPrice(v)),
        },
      ],
    };
  }
  return {
    ...common,
    // Views on the left axis; orders and paid (far fewer) on their own axis on the right.
    scales: { x: { time: false }, views: {}, orders: { range: (_u, _min, max) => [0, Math.max(3, max)] } },
    axes: [
      x,
      { scale: 'views', stroke: '#1a73e8', font: axisFont, size: 48 },
      { scale: 'orders', side: 1, stroke: '#a15c00', font: axisFont, size: 40, grid: { show: false } },
    ],
    series: [
      {},
      { label: 'Просмотры', scale: 'views', stroke: '#1a73e8', width: 2 },
      { label: 'Заказы', scale: 'orders', stroke: '#a15c00', width: 2 },
      { label: 'Оплачено', scale: 'orders', stroke: '#065e40', width: 2, dash: [6, 4] },
    ],
  };
}

/** A uPlot chart of the period's days (a canvas: the same figures are in the table beside it). */
export default function StatsChart({ days, kind, label }: StatsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const xs = days.map((d) => toSeconds(d.date));
    const data: uPlot.AlignedData =
      kind === 'revenue'
        ? [xs, days.map((d) => d.revenue)]
        : [xs, days.map((d) => d.views), days.map((d) => d.orders), days.map((d) => d.paid)];
    const width = () => Math.max(280, element.clientWidth);
    const chart = new uPlot(options(kind, width()), data, element);
    const resize = () => chart.setSize({ width: width(), height: 240 });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [days, kind]);
  // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- uPlot draws its canvas into this box, named as one picture; an <img> cannot hold it
  return <div ref={box} className="pa-stats__chart" role="img" aria-label={label} />;
}
