// The preview's "today". Every place the app asks for the day asks Date: the year lists when the
// definitions are expanded, the age rules, the plans' deadlines, the banner, the footer's year.
// So the preview moves Date itself, by whole days (the time of day keeps running, so pauses and
// debounces measure as before), rather than threading a day through code the applicants run.
// Installed before the definitions load (./main.tsx, the office's route): year lists count then.

const RealDate = Date;

/** Moves the clock to `day` (YYYY-MM-DD) at the present time of day; anything else leaves it real. */
export function installClock(day: string | null | undefined): void {
  restoreClock();
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
  const now = new RealDate();
  const moved = new RealDate(now);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  moved.setFullYear(year, month - 1, date);
  if (Number.isNaN(moved.getTime())) return;
  const offset = moved.getTime() - now.getTime();
  class PreviewDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [number]));
    }
    static override now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = PreviewDate as DateConstructor;
}

/** The real clock again (leaving the office's preview). */
export function restoreClock(): void {
  globalThis.Date = RealDate;
}
