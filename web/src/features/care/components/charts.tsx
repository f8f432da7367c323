// The reports' charts, drawn as plain SVG: horizontal bars, side by side
// or stacked, each series in a colour with at least 3:1 contrast on white
// and named in a legend, each value written beside its bar. The picture is
// hidden from screen readers; the same figures follow it as a table they
// read instead. Its own chunk, loaded only by the reports page.
import { useId } from 'react';

export interface Series {
  key: string;
  label: string;
  values: number[];
}

/** COLOURS are the series' colours, each 3:1 or more against white. */
export const COLOURS = ['#7a3b10', '#1a56db', '#1d6b2f', '#8a5a00', '#6b2a8a'];

interface ChartProps {
  title: string;
  /** categoryLabel heads the table's first column ("Service", "Month"). */
  categoryLabel: string;
  categories: string[];
  series: Series[];
  format: (n: number) => string;
  stacked?: boolean;
  /** empty is said instead of a chart of nothing but zeros. */
  empty: string;
}

const LABEL_W = 190;
const BAR_W = 330;
const VALUE_W = 120;
const BAR_H = 16;
const GAP = 10;

export function BarChart({ title, categoryLabel, categories, series, format, stacked = false, empty }: ChartProps) {
  const id = useId();
  const totals = categories.map((_, i) => series.reduce((s, x) => s + Math.max(0, x.values[i] ?? 0), 0));
  const max = stacked ? Math.max(0, ...totals) : Math.max(0, ...series.flatMap((s) => s.values));
  const perCategory = stacked ? 1 : series.length;
  const rowH = perCategory * BAR_H + GAP;
  const height = categories.length * rowH + GAP;
  const width = LABEL_W + BAR_W + VALUE_W;
  const scale = (n: number) => (max > 0 ? (Math.max(0, n) / max) * BAR_W : 0);
  return (
    <figure className="care-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>
        <h3>{title}</h3>
      </figcaption>
      {max === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          {series.length > 1 && (
            <ul className="care-legend" aria-hidden="true">
              {series.map((s, i) => (
                <li key={s.key}>
                  <span className="care-swatch" style={{ background: COLOURS[i % COLOURS.length] }} />
                  {s.label}
                </li>
              ))}
            </ul>
          )}
          <svg viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" data-testid="chart">
            {categories.map((c, ci) => {
              const y0 = GAP + ci * rowH;
              let x = LABEL_W;
              return (
                <g key={c}>
                  <text x={LABEL_W - 8} y={y0 + (perCategory * BAR_H) / 2 + 5} textAnchor="end" fontSize="13" fill="#2b1d12">
                    {c}
                  </text>
                  {series.map((s, si) => {
                    const v = s.values[ci] ?? 0;
                    const w = scale(v);
                    const colour = COLOURS[si % COLOURS.length];
                    if (stacked) {
                      const rect = <rect key={s.key} x={x} y={y0} width={w} height={BAR_H} fill={colour} stroke="#fff" strokeWidth={w > 2 ? 1 : 0} />;
                      x += w;
                      return rect;
                    }
                    const y = y0 + si * BAR_H;
                    return (
                      <g key={s.key}>
                        <rect x={LABEL_W} y={y} width={w} height={BAR_H - 2} fill={colour} />
                        <text x={LABEL_W + w + 6} y={y + BAR_H - 4} fontSize="12" fill="#2b1d12">
                          {format(v)}
                        </text>
                      </g>
                    );
                  })}
                  {stacked && (
                    <text x={x + 6} y={y0 + BAR_H - 3} fontSize="12" fill="#2b1d12">
                      {format(totals[ci])}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        </>
      )}
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map((c, ci) => (
            <tr key={c}>
              <th scope="row">{c}</th>
              {series.map((s) => (
                <td key={s.key}>{format(s.values[ci] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
