// A date and time typed in the office's time zone (an `<input type="datetime-local">` value), as
// the instant the server takes. The browser's own zone may differ (a reviewer travelling), so the
// offset comes from Intl for that zone and that day, daylight saving time included.

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 86_400_000;

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23",
  });
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  const wallClock = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wallClock - Math.floor(instant / 1000) * 1000;
}

/**
 * The ISO instant at which `timeZone`'s clocks show `local` ("2027-03-15T12:00"), or null when
 * `local` is not such a date and time. Around a daylight saving change it reads as the office's
 * clocks would: a time skipped in spring is taken one hour later (2:30 as 3:30), a time shown twice
 * in autumn as its first showing, as PostgreSQL's AT TIME ZONE and Temporal's "compatible" do.
 */
export function instantInTimeZone(local: string, timeZone: string): string | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((digits) => Number(digits ?? 0)) as [number, number, number, number, number, number];
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls a 30 February over into March: such a day is not a date.
  const rolled = new Date(wallClock);
  if (rolled.getUTCMonth() !== month - 1 || rolled.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  // A zone changes its offset at most once within a day either side: the offset before and after
  // the typed time are the only candidates. Each one fits when the clocks at its instant show the typed time.
  const before = offsetAt(wallClock - DAY_MS, timeZone);
  const after = offsetAt(wallClock + DAY_MS, timeZone);
  const fitting = [before, after].map((offset) => wallClock - offset).filter((instant) => offsetAt(instant, timeZone) === wallClock - instant);
  // None fits in a skipped hour: the offset before the change carries the time past it.
  const instant = fitting.length > 0 ? Math.min(...fitting) : wallClock - before;
  return new Date(instant).toISOString();
}
