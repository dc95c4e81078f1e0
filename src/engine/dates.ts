/** Today as YYYY-MM-DD in local time, the day an applicant sees on their calendar. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Today where the day ends last (UTC−12, "anywhere on Earth"): a deadline's day lasts until it has
 * ended in every time zone, so an applicant whose own calendar still shows it is never refused.
 */
export function dayAnywhereOnEarth(now = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * `at` in the office's time zone, as the confirmation e-mail, the status page and the PDF
 * copy's cover write it: "November 22, 2026 at 7:00 AM EST". Put together from parts: ICU
 * versions join date and time differently (", " or " at ") and some put a narrow no-break space
 * before AM, so whole-string formatting reads differently in Node and in each browser.
 */
export function officeDateTime(at: Date, timeZone: string): string {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone, year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true, timeZoneName: "short",
  });
  const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value])) as Record<Intl.DateTimeFormatPartTypes, string>;
  return `${part.month} ${part.day}, ${part.year} at ${part.hour}:${part.minute} ${part.dayPeriod} ${part.timeZoneName}`;
}
