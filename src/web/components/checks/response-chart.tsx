import { chartDate, responseAxes, responseRange } from '@web/lib/response-axes';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { CheckResults } from '../../lib/checks/api';

/**
 * Response times of a check over time (uPlot: small and fast, loaded only with the check page), with
 * failed runs marked at the bottom in red. The summary beside it says the same in words.
 */
export default function ResponseChart({ results }: { results: CheckResults['data'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const text = style.getPropertyValue('color') || '#64748b';
    const xs = results.map((r) => Date.parse(r.at) / 1000);
    const ms = results.map((r) => r.responseMs);
    const failed = results.map((r) => (r.ok ? null : 0));
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height: 220,
        legend: { show: false },
        tzDate: chartDate(uPlot.tzDate),
        cursor: { y: false },
        scales: {
          // One run (a new check) has no span of its own, and uPlot pads a single time by 1,000 days
          // (86,400 ÷ its ms factor): show the half hour either side of it instead.
          x: {
            time: true,
            range: (_u, min, max) => (xs.length === 1 ? [xs[0]! - 1800, xs[0]! + 1800] : [min, max]),
          },
          y: { range: responseRange },
        },
        axes: responseAxes(text),
        series: [
          {},
          {
            label: 'Response',
            stroke: '#0ea5e9',
            width: 1.5,
            fill: 'rgba(14,165,233,0.12)',
            spanGaps: false,
            // A line needs two runs: a lone run is drawn as its point.
            points: { show: xs.length === 1, size: 6, fill: '#0ea5e9' },
          },
          { label: 'Failed', stroke: '#dc2626', width: 0, points: { show: true, size: 7, fill: '#dc2626' } },
        ],
      },
      [xs, ms, failed],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [results]);
  return <div ref={box} className="w-full text-muted-foreground" aria-hidden="true" />;
}
