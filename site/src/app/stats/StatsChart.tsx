import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import type { StatsDay } from '../../../../contract/visits';
import { VISIT_SOURCES } from '../../../../events/visit/kinds';
import { chartData, count, dayLabel, SOURCE_LABELS, SOURCE_STYLES } from './figures';

const HEIGHT = 240;
const DAY_S = 24 * 60 * 60;
const AXIS = { stroke: '#52606d', grid: { stroke: '#e4e7eb', width: 1 }, ticks: { show: false } };

const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function options(width: number, days: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    scales: {
      x: { time: true },
      // From nought, and never a scale of fractions of a visit.
      y: { range: (_self, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    axes: [
      {
        ...AXIS,
        space: 56,
        incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 28 * DAY_S],
        values: (_self, splits) => splits.map((seconds) => dayLabel(dayOf(seconds))),
      },
      {
        ...AXIS,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000],
        values: (_self, splits) => splits.map(count),
      },
    ],
    series: [
      { label: 'Day', value: (_self, seconds) => (seconds == null ? '–' : dayLabel(dayOf(seconds))) },
      ...VISIT_SOURCES.map((source) => ({
        label: SOURCE_LABELS[source],
        stroke: SOURCE_STYLES[source].colour,
        dash: SOURCE_STYLES[source].dash,
        width: 2,
        // Points on a month or a week; on 90 days they would only crowd the lines.
        points: { show: days <= 31, size: 6 },
        value: (_self: uPlot, views: number | null) => (views == null ? '–' : count(views)),
      })),
    ],
  };
}

/**
 * Views a day by source, drawn by uPlot, which is loaded with this chart only. Hidden from screen readers: the
 * tables beside it say the same in words (site/src/app/stats/StatsScreen.tsx).
 */
export function StatsChart({ days }: { days: StatsDay[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      plot = new UPlot(options(element.clientWidth, days.length), chartData(days), element);
      resize = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: HEIGHT }));
      resize.observe(element);
      element.dataset.drawn = 'true';
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
      delete element.dataset.drawn;
    };
  }, [days]);

  return <div ref={box} className="stats-chart" aria-hidden="true" />;
}
