import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useSettings } from '../stores/settings';

// Only what the product's charts draw: bars and lines on a grid, in SVG (crisp, and light).
echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  DataZoomComponent,
  SVGRenderer,
]);

/**
 * An ECharts chart, as wide as its container and redrawn as that changes (the sidebar folding,
 * the window resizing), in the dark theme with the layout's. A lazy chunk's import: a screen with
 * a chart loads ECharts, the login page and the shell never do. Every chart's figures are also
 * on its screen as a table (`label` names the chart for assistive technology).
 */
export function Chart({
  option,
  height = 320,
  label,
}: {
  option: EChartsCoreOption;
  height?: number;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef(option);
  latest.current = option;
  const dark = useSettings((state) => state.dark);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const instance = echarts.init(element, dark ? 'dark' : undefined, { renderer: 'svg' });
    chart.current = instance;
    // A theme is chosen when a chart is made: a new one in the other theme, with the same figures.
    instance.setOption({ backgroundColor: 'transparent', ...latest.current });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option]);

  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
