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
