import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/*
 * The part of Apache ECharts the studio draws with: line charts on a canvas with a grid and a
 * tooltip. Imported by line-chart.ts on demand only, so it and this subset are a chunk of their
 * own that only the analytics page fetches.
 */
register([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

export { init };
