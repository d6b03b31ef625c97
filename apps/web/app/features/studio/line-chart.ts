/** One series over categories, as the studio's charts draw it. */
export interface LineChartSpec {
  x: readonly string[];
  y: readonly number[];
  /** Fill under the line (retention). */
  area: boolean;
  /** The values are percents (0–100). */
  percent: boolean;
}

/** Reads a CSS variable of the page, for the chart's colours. */
const cssVar = (element: HTMLElement, name: string) =>
  getComputedStyle(element).getPropertyValue(name).trim();

/** Draws the chart with Apache ECharts, loaded here on demand (echarts-line.ts). */
export async function loadLineChart(
  element: HTMLElement,
  spec: LineChartSpec,
): Promise<{ dispose: () => void }> {
  const { init } = await import('./echarts-line.ts');
  const chart = init(element);
  const brand = cssVar(element, '--color-brand');
  const text = cssVar(element, '--color-text-2');
  const border = cssVar(element, '--color-border');
  chart.setOption({
    animation: false,
    grid: { left: 48, right: 16, top: 16, bottom: 32 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (spec.percent ? `${String(value)}%` : String(value)),
    },
    xAxis: {
      type: 'category',
      data: [...spec.x],
      boundaryGap: false,
      axisLabel: { color: text },
      axisLine: { lineStyle: { color: border } },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      max: spec.percent ? 100 : undefined,
      axisLabel: { color: text, formatter: spec.percent ? '{value}%' : '{value}' },
      splitLine: { lineStyle: { color: border } },
    },
    series: [
      {
        type: 'line',
        data: [...spec.y],
        smooth: spec.area,
        showSymbol: false,
        lineStyle: { color: brand, width: 2 },
        itemStyle: { color: brand },
        areaStyle: spec.area ? { color: brand, opacity: 0.15 } : undefined,
      },
    ],
  });
  const resize = () => {
    chart.resize();
  };
  window.addEventListener('resize', resize);
  return {
    dispose: () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    },
  };
}
