import type { MonitorRecent } from '@shared/monitors';
import { chartDate, responseAxes, responseRange } from '@web/lib/response-axes';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * A Better Uptime monitor's response times over its last day, a line per region (uPlot, loaded only
 * with the page that shows it), in each region's colour. Regions measure at their own moments: each
 * line has its own points.
 */
export default function MonitorResponseChart({
  regions,
}: {
  regions: (MonitorRecent['responseTimes'][number] & { colour: string })[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = getComputedStyle(el).getPropertyValue('color') || '#64748b';
    const shown = regions.filter((r) => r.points.length > 0);
    const data = uPlot.join(
      shown.map((r) => {
        const points = [...r.points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
        return [points.map((p) => Date.parse(p.at) / 1000), points.map((p) => p.ms)];
      }),
    );
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height: 200,
        legend: { show: false },
        tzDate: chartDate(uPlot.tzDate),
        cursor: { y: false },
        scales: { y: { range: responseRange } },
        axes: responseAxes(text),
        series: [
          {},
          ...shown.map((r) => ({
            label: r.region,
            stroke: r.colour,
            width: 1.5,
            spanGaps: true,
            points: { show: r.points.length === 1, size: 6 },
          })),
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 200 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [regions]);
  return <div ref={box} className="w-full text-muted-foreground" aria-hidden="true" />;
}
