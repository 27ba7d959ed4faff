import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, ToolboxComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Apache ECharts with only what the dashboard draws (bars, lines, axes, tooltip, the "save as PNG" toolbox,
// the generated aria description). Imported only through Grafico's dynamic import(): its own chunk, fetched
// when a chart first mounts — the sign-in page and the screens without charts never load it.
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, ToolboxComponent, AriaComponent, CanvasRenderer]);

export { echarts };
