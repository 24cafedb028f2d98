import { useId } from 'react';
import type { DashboardDay } from '@excursio/shared';
import { formatDay } from '../../components/format';

interface TrendChartProps {
  title: string;
  days: readonly DashboardDay[];
  value: (day: DashboardDay) => number;
  format: (value: number) => string;
}

const W = 300;
const H = 110;
const PAD = 4;

/**
 * A 30-day bar chart in plain SVG, described for screen readers (role img + a summary), with the same numbers as a
 * table one click away.
 */
export function TrendChart({ title, days, value, format }: TrendChartProps) {
  const id = useId();
  const values = days.map(value);
  const max = Math.max(1, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  const step = (W - PAD * 2) / Math.max(1, days.length);
  const first = days[0];
  const last = days[days.length - 1];
  const summary = `${title} за 30 дней: всего ${format(total)}, больше всего за день ${format(Math.max(0, ...values))}.`;
  return (
    <figure className="bo-chart bo-card">
      <figcaption className="bo-chart__title" id={`${id}-title`}>
        {title}
        <span className="bo-chart__total">{format(total)}</span>
      </figcaption>
      <svg className="bo-chart__svg" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} preserveAspectRatio="none">
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={0} x2={W} y1={H - 0.5} y2={H - 0.5} className="bo-chart__axis" />
        {values.map((v, i) => {
          if (v <= 0) return null;
          const h = Math.max(2, ((H - PAD) * v) / max);
          return <rect key={days[i]!.date} x={PAD + i * step + 1} y={H - h} width={Math.max(1, step - 2)} height={h} className="bo-chart__bar" />;
        })}
      </svg>
      {first && last && (
        <div className="bo-chart__range" aria-hidden="true">
          <span>{formatDay(first.date)}</span>
          <span>{formatDay(last.date)}</span>
        </div>
      )}
      <details className="bo-chart__table">
        <summary>Таблица по дням</summary>
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption className="bo-sr">{title} по дням</caption>
            <thead>
              <tr>
                <th scope="col">День</th>
                <th scope="col" className="bo-num">
                  {title}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date)}</th>
                  <td className="bo-num">{format(values[i]!)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
