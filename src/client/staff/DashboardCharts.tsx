// The dashboard's charts, drawn with visx (scales, shapes and axes; d3 does the maths). Loaded
// on their own after the page's tables (DashboardPage.tsx), so the office's other pages and the
// applicants' app never carry them. Each is a picture of the table beside it: an image with a
// name for screen readers, which read the numbers in the table instead.
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear, scaleUtc } from "@visx/scale";
import { BarGroupHorizontal, LinePath } from "@visx/shape";

/** Drawn in these units and scaled to the width of the page (the SVG's viewBox). */
const WIDTH = 720;
const MARGIN = { top: 12, right: 16, bottom: 36, left: 44 };
const TICK_LABEL = { fill: "var(--neutral-dark)", fontSize: 12, fontFamily: "var(--font)" } as const;
const AXIS = "var(--neutral-main)";

/** The series' colours: each at least 3:1 against white (WCAG 1.4.11), and told apart by the line's dash too. */
export const SERIES = { current: "var(--primary-main)", last: "var(--neutral-main)", started: "var(--secondary-dark)", submitted: "var(--primary-main)" };

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const atDay = (day: string) => new Date(`${day}T00:00:00Z`);

export interface DayPoint { day: string; submitted: number; last_cycle: number }

/** Submissions per day this cycle (solid) and on the same days last cycle (dashed). */
export function PerDayChart({ days, label }: { days: readonly DayPoint[]; label: string }) {
  const height = 260;
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const x = scaleUtc({ domain: [atDay(first.day), atDay(last.day)], range: [0, innerWidth] });
  const y = scaleLinear({ domain: [0, Math.max(1, ...days.map((d) => Math.max(d.submitted, d.last_cycle)))], range: [innerHeight, 0], nice: true });
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={label}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <AxisLeft scale={y} tickValues={y.ticks(5).filter(Number.isInteger)} tickFormat={(value) => String(value)} stroke={AXIS} tickStroke={AXIS} tickLabelProps={{ ...TICK_LABEL, textAnchor: "end", dx: -4, dy: 4 }} />
        <AxisBottom top={innerHeight} scale={x} numTicks={6} tickFormat={(value) => dayFormat.format(value as Date)} stroke={AXIS} tickStroke={AXIS} tickLabelProps={{ ...TICK_LABEL, textAnchor: "middle" }} />
        <LinePath data={days as DayPoint[]} x={(d) => x(atDay(d.day))} y={(d) => y(d.last_cycle)} stroke={SERIES.last} strokeWidth={2} strokeDasharray="6 4" />
        <LinePath data={days as DayPoint[]} x={(d) => x(atDay(d.day))} y={(d) => y(d.submitted)} stroke={SERIES.current} strokeWidth={2.5} />
      </Group>
    </svg>
  );
}

export interface SplitBar { label: string; started: number; submitted: number }
const KEYS = ["started", "submitted"] as const;

/** One split: a pair of bars for each value, not yet submitted and submitted. */
export function SplitChart({ rows, label }: { rows: readonly SplitBar[]; label: string }) {
  // Half the page wide, so drawn half as wide: its labels keep the per-day chart's size.
  const width = WIDTH / 2;
  const margin = { ...MARGIN, left: 130 };
  const band = 40;
  const height = margin.top + margin.bottom + band * Math.max(1, rows.length);
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const y0 = scaleBand({ domain: rows.map((row) => row.label), range: [0, innerHeight], padding: 0.2 });
  const y1 = scaleBand({ domain: [...KEYS], range: [0, y0.bandwidth()], padding: 0.1 });
  const x = scaleLinear({ domain: [0, Math.max(1, ...rows.map((row) => Math.max(row.started, row.submitted)))], range: [0, innerWidth], nice: true });
  return (
    <svg className="chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <Group left={margin.left} top={margin.top}>
        <BarGroupHorizontal data={rows as SplitBar[]} keys={[...KEYS]} width={innerWidth} y0={(row) => row.label} y0Scale={y0} y1Scale={y1} xScale={x}
          color={(key) => SERIES[key]} />
        <AxisLeft scale={y0} hideTicks stroke={AXIS} tickLabelProps={{ ...TICK_LABEL, textAnchor: "end", dx: -6, dy: 4 }} />
        <AxisBottom top={innerHeight} scale={x} tickValues={x.ticks(4).filter(Number.isInteger)} tickFormat={(value) => String(value)} stroke={AXIS} tickStroke={AXIS} tickLabelProps={{ ...TICK_LABEL, textAnchor: "middle" }} />
      </Group>
    </svg>
  );
}
