// Small accessible inline-SVG charts for the statistics page: each has a title, axis labels, a summary for screen
// readers and the numbers in a visually hidden table. No chart library: a few hundred bytes of SVG.
import { useId } from 'react';

export interface ChartPoint {
  label: string;
  value: number;
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 40, left: 48 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** A round maximum for the y axis: 1, 2, 5 × a power of ten. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function shortDay(label: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(label);
  return match ? `${Number(match[2])}/${Number(match[1])}` : label;
}

function summaryOf(points: ChartPoint[], unit: string): string {
  if (points.length === 0) return 'No data for this range.';
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const peak = points.reduce((best, p) => (p.value > best.value ? p : best), points[0]);
  return `${total} ${unit} in total; the highest was ${peak.value} on ${peak.label}.`;
}

function Frame({
  title,
  xLabel,
  yLabel,
  points,
  unit,
  children,
  max,
}: {
  title: string;
  xLabel: string;
  yLabel: string;
  points: ChartPoint[];
  unit: string;
  max: number;
  children: React.ReactNode;
}) {
  const id = useId();
  const ticks = [0, max / 2, max];
  const every = Math.max(1, Math.ceil(points.length / 8));
  const step = PLOT_W / Math.max(points.length, 1);
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </figcaption>
      <p id={`${id}-desc`} className="mt-0.5 text-sm text-slate-600">
        {summaryOf(points, unit)}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        {ticks.map((tick) => {
          const y = PAD.top + PLOT_H - (tick / max) * PLOT_H;
          return (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke="#e2e8f0" />
              <text x={PAD.left - 8} y={y + 4} textAnchor="end" fontSize="11" fill="#475569">
                {Number.isInteger(tick) ? tick : tick.toFixed(1)}
              </text>
            </g>
          );
        })}
        {children}
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + PLOT_H}
          y2={PAD.top + PLOT_H}
          stroke="#94a3b8"
        />
        {points.map((point, i) =>
          i % every === 0 ? (
            <text
              key={point.label}
              x={PAD.left + step * i + step / 2}
              y={PAD.top + PLOT_H + 16}
              textAnchor="middle"
              fontSize="11"
              fill="#475569"
            >
              {shortDay(point.label)}
            </text>
          ) : null,
        )}
        <text x={PAD.left + PLOT_W / 2} y={HEIGHT - 4} textAnchor="middle" fontSize="12" fill="#334155">
          {xLabel}
        </text>
        <text
          x={14}
          y={PAD.top + PLOT_H / 2}
          textAnchor="middle"
          fontSize="12"
          fill="#334155"
          transform={`rotate(-90 14 ${PAD.top + PLOT_H / 2})`}
        >
          {yLabel}
        </text>
      </svg>
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{xLabel}</th>
              <th scope="col">{yLabel}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{point.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export function BarChart(props: {
  title: string;
  xLabel: string;
  yLabel: string;
  unit: string;
  points: ChartPoint[];
  color?: string;
}) {
  const { points, color = '#0f5f5c' } = props;
  const max = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const step = PLOT_W / Math.max(points.length, 1);
  const barWidth = Math.max(2, step * 0.7);
  return (
    <Frame {...props} max={max}>
      {points.map((point, i) => {
        const h = (point.value / max) * PLOT_H;
        return (
          <rect
            key={point.label}
            x={PAD.left + step * i + (step - barWidth) / 2}
            y={PAD.top + PLOT_H - h}
            width={barWidth}
            height={h}
            rx={2}
            fill={color}
          >
            <title>{`${point.label}: ${point.value}`}</title>
          </rect>
        );
      })}
    </Frame>
  );
}

export function LineChart(props: {
  title: string;
  xLabel: string;
  yLabel: string;
  unit: string;
  points: ChartPoint[];
  color?: string;
}) {
  const { points, color = '#b9680c' } = props;
  const max = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const step = PLOT_W / Math.max(points.length, 1);
  const coords = points.map((point, i) => ({
    x: PAD.left + step * i + step / 2,
    y: PAD.top + PLOT_H - (point.value / max) * PLOT_H,
    point,
  }));
  return (
    <Frame {...props} max={max}>
      {coords.length > 1 && (
        <polyline
          points={coords.map((c) => `${c.x},${c.y}`).join(' ')}
          fill="none"
          stroke={color}
          strokeWidth={2.5}
          strokeLinejoin="round"
        />
      )}
      {coords.map((c) => (
        <circle key={c.point.label} cx={c.x} cy={c.y} r={coords.length > 60 ? 1.5 : 3} fill={color}>
          <title>{`${c.point.label}: ${c.point.value}`}</title>
        </circle>
      ))}
    </Frame>
  );
}

/** A few categories side by side (listings pending/live/rejected), each bar labelled with its number. */
export function CategoryChart({
  title,
  yLabel,
  categories,
}: {
  title: string;
  yLabel: string;
  categories: Array<{ label: string; value: number; color: string }>;
}) {
  const id = useId();
  const max = niceMax(Math.max(0, ...categories.map((c) => c.value)));
  const step = PLOT_W / Math.max(categories.length, 1);
  const barWidth = Math.min(96, step * 0.6);
  const summary = categories.map((c) => `${c.label}: ${c.value}`).join(', ');
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </figcaption>
      <p id={`${id}-desc`} className="mt-0.5 text-sm text-slate-600">
        {summary}.
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + PLOT_H}
          y2={PAD.top + PLOT_H}
          stroke="#94a3b8"
        />
        {categories.map((category, i) => {
          const h = (category.value / max) * PLOT_H;
          const x = PAD.left + step * i + (step - barWidth) / 2;
          return (
            <g key={category.label}>
              <rect x={x} y={PAD.top + PLOT_H - h} width={barWidth} height={h} rx={3} fill={category.color} />
              <text
                x={x + barWidth / 2}
                y={PAD.top + PLOT_H - h - 6}
                textAnchor="middle"
                fontSize="13"
                fill="#0f172a"
              >
                {category.value}
              </text>
              <text
                x={x + barWidth / 2}
                y={PAD.top + PLOT_H + 18}
                textAnchor="middle"
                fontSize="12"
                fill="#334155"
              >
                {category.label}
              </text>
            </g>
          );
        })}
        <text
          x={14}
          y={PAD.top + PLOT_H / 2}
          textAnchor="middle"
          fontSize="12"
          fill="#334155"
          transform={`rotate(-90 14 ${PAD.top + PLOT_H / 2})`}
        >
          {yLabel}
        </text>
      </svg>
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <tbody>
            {categories.map((category) => (
              <tr key={category.label}>
                <th scope="row">{category.label}</th>
                <td>{category.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
