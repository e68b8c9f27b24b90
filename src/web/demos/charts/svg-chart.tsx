import { Space, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { niceScale } from './chart-scale';

export interface Series {
  name: string;
  kind: 'bar' | 'line';
  data: number[];
  /** The right-hand axis (a line over bars of another unit). */
  right?: boolean;
}

const PAD = { top: 16, right: 48, bottom: 32, left: 48 };

/** The container's width, followed as it changes (the sidebar folding, the window resizing). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A bar and line chart drawn in SVG with the theme's colours (dark mode too), as wide as its
 * container. The template's charts used ECharts; these demos draw theirs without a new library.
 */
export function SvgChart({
  categories,
  series,
  height = 360,
  label,
}: {
  categories: string[];
  series: Series[];
  height?: number;
  label: string;
}) {
  const { token } = theme.useToken();
  const [ref, width] = useWidth();
  const colours = [token.colorPrimary, token.colorWarning, token.colorSuccess, token.colorError];
  const left = niceScale(Math.max(0, ...series.filter((s) => !s.right).flatMap((s) => s.data)));
  const right = niceScale(Math.max(0, ...series.filter((s) => s.right).flatMap((s) => s.data)));
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = height - PAD.top - PAD.bottom;
  const band = categories.length > 0 ? plotWidth / categories.length : 0;
  const bars = series.filter((s) => s.kind === 'bar');
  const barWidth = bars.length > 0 ? (band * 0.7) / bars.length : 0;
  const y = (value: number, onRight?: boolean) =>
    PAD.top + plotHeight - (value / (onRight ? right.top : left.top)) * plotHeight;
  const x = (index: number) => PAD.left + band * index + band / 2;
  const every = Math.max(1, Math.ceil(categories.length / Math.max(1, plotWidth / 48)));
  return (
    <div ref={ref} style={{ width: '100%' }}>
      <Space wrap style={{ marginBottom: 8 }}>
        {series.map((s, index) => (
          <Space key={s.name} size={4}>
            <span
              style={{
                display: 'inline-block',
                width: 12,
                height: s.kind === 'bar' ? 12 : 3,
                background: colours[index % colours.length],
              }}
            />
            <Typography.Text>{s.name}</Typography.Text>
          </Space>
        ))}
      </Space>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={label}>
          {left.values.map((value) => (
            <g key={value}>
              <line
                x1={PAD.left}
                x2={PAD.left + plotWidth}
                y1={y(value)}
                y2={y(value)}
                stroke={token.colorBorderSecondary}
              />
              <text
                x={PAD.left - 6}
                y={y(value) + 4}
                textAnchor="end"
                fontSize={11}
                fill={token.colorTextSecondary}
              >
                {value}
              </text>
            </g>
          ))}
          {series.some((s) => s.right) &&
            right.values.map((value) => (
              <text
                key={value}
                x={PAD.left + plotWidth + 6}
                y={y(value, true) + 4}
                fontSize={11}
                fill={token.colorTextSecondary}
              >
                {value}
              </text>
            ))}
          {categories.map((category, index) =>
            index % every === 0 ? (
              <text
                key={category}
                x={x(index)}
                y={height - 10}
                textAnchor="middle"
                fontSize={11}
                fill={token.colorTextSecondary}
              >
                {category}
              </text>
            ) : null,
          )}
          {series.map((s, index) => {
            const colour = colours[index % colours.length];
            if (s.kind === 'bar') {
              const at = bars.indexOf(s);
              return (
                <g key={s.name} fill={colour}>
                  {s.data.map((value, n) => (
                    <rect
                      // biome-ignore lint/suspicious/noArrayIndexKey: one bar per category.
                      key={n}
                      x={x(n) - (band * 0.7) / 2 + at * barWidth}
                      y={y(value, s.right)}
                      width={Math.max(1, barWidth - 1)}
                      height={Math.max(0, PAD.top + plotHeight - y(value, s.right))}
                      rx={2}
                    >
                      <title>{`${categories[n]} ${s.name}: ${value}`}</title>
                    </rect>
                  ))}
                </g>
              );
            }
            const points = s.data.map((value, n) => `${x(n)},${y(value, s.right)}`).join(' ');
            return (
              <g key={s.name}>
                <polyline points={points} fill="none" stroke={colour} strokeWidth={2} />
                {s.data.map((value, n) => (
                  <circle
                    // biome-ignore lint/suspicious/noArrayIndexKey: one point per category.
                    key={n}
                    cx={x(n)}
                    cy={y(value, s.right)}
                    r={3}
                    fill={token.colorBgContainer}
                    stroke={colour}
                  >
                    <title>{`${categories[n]} ${s.name}: ${value}`}</title>
                  </circle>
                ))}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
