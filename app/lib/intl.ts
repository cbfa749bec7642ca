const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A shared `Intl.DateTimeFormat` for these options: building one costs far more than formatting with it, and a
 * business page formats dozens of dates (its hours' special dates, its events) on every render. The options are
 * finite in practice (a few shapes × the site's zones); the cap is a guard. An unknown zone throws as
 * `new Intl.DateTimeFormat` does.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (formats.size >= 500) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/** The wall clock in a time zone at an instant, as numbers (month 1–12, hour 0–23). */
export function wallClock(timeZone: string, at: Date | number) {
  const parts = dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: n("year"),
    month: n("month"),
    day: n("day"),
    hour: n("hour"),
    minute: n("minute"),
    second: n("second"),
  };
}
