import { cycleTermOptions } from "./cycle";
import type { Options, YearList } from "./generated/definition-format";
import type { FormFiles, ResolvedOption } from "./types";

/**
 * Options as written: an inline list, a year list, or a file path (a file may list the cycle's
 * terms). `undefined` when the file is missing, or lists the cycle's terms with no cycle to read.
 */
export function resolveOptions(options: Options, files: FormFiles, currentYear: number): ResolvedOption[] | undefined {
  if (Array.isArray(options)) return options;
  if (typeof options === "string") {
    const file = files.optionLists[options];
    if (!file) return undefined;
    if (file.options) return file.options;
    if (file.cycleTerms) return cycleTerms(files);
    return file.years ? yearsOf(file.years, currentYear) : undefined;
  }
  return yearsOf(options.years, currentYear);
}

/** One list per cycle, so every question listing the terms shares it. */
const cycleLists = new WeakMap<object, ResolvedOption[]>();
function cycleTerms(files: FormFiles): ResolvedOption[] | undefined {
  const cycle = files.institution.institution.cycle;
  if (!cycle) return undefined;
  let options = cycleLists.get(cycle);
  if (!options) cycleLists.set(cycle, (options = cycleTermOptions(cycle)));
  return options;
}

/** One list per written year list and year: blocks repeat their questions, not their lists. */
const yearLists = new WeakMap<YearList["years"], { currentYear: number; options: ResolvedOption[] }>();
function yearsOf(years: YearList["years"], currentYear: number): ResolvedOption[] {
  const known = yearLists.get(years);
  if (known?.currentYear === currentYear) return known.options;
  const options = yearOptions(years, currentYear);
  yearLists.set(years, { currentYear, options });
  return options;
}

/** The spec's years list: `count` years from `start` (default this year), going into the past or future. */
function yearOptions(years: YearList["years"], currentYear: number): ResolvedOption[] {
  const start = years.start ?? currentYear;
  const step = years.direction === "past" ? -1 : 1;
  return Array.from({ length: years.count }, (_, i) => {
    const year = String(start + i * step);
    return { value: year, label: year };
  });
}
