import { CalendarClock } from "lucide-react";
import { cn } from "~/lib/utils";
import { DAY_NAMES, formatDayHours, type SpecialHours, type WeeklyHours } from "../hours";
import { formatCalendarDate } from "~/lib/dates";

// Monday first, as people read a week's opening hours.
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** The spec's "Business Hours by day": "open - close" or "Closed", today highlighted, upcoming special dates. */
export function HoursTable({
  hours,
  specialHours,
  today,
  todayIso,
}: {
  hours: readonly WeeklyHours[];
  specialHours: readonly SpecialHours[];
  today: number;
  /** Today's date where the business is (YYYY-MM-DD), to leave out past special dates. */
  todayIso?: string;
}) {
  // Soonest first (ISO dates sort as text), the year shown when it isn't this one.
  const upcoming = specialHours
    .filter((s) => !todayIso || s.date >= todayIso)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, 6);
  return (
    <div>
      <table className="w-full text-sm" data-testid="hours-table">
        <caption className="sr-only">Opening hours by day</caption>
        <tbody>
          {WEEK_ORDER.map((day) => {
            const isToday = day === today;
            const text = formatDayHours(hours.find((h) => h.day === day));
            return (
              <tr
                key={day}
                aria-current={isToday ? "date" : undefined}
                data-today={isToday ? "true" : undefined}
                className={cn(
                  "border-b last:border-b-0",
                  isToday && "bg-primary-soft font-semibold text-accent-foreground",
                )}
              >
                <th scope="row" className={cn("py-2.5 pr-4 pl-3 text-left font-medium", isToday && "font-bold")}>
                  {DAY_NAMES[day]}
                  {isToday ? (
                    <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-[0.7rem] font-bold text-primary-foreground">
                      Today
                    </span>
                  ) : null}
                </th>
                <td
                  className={cn(
                    "py-2.5 pr-3 text-right tabular-nums",
                    text === "Closed" && !isToday && "text-muted-foreground",
                  )}
                >
                  {text}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {upcoming.length > 0 ? (
        <div className="mt-5 rounded-xl border border-dashed p-4" data-testid="special-hours">
          <h3 className="flex items-center gap-2 text-sm font-bold">
            <CalendarClock aria-hidden="true" className="size-4 text-primary" />
            Special hours
          </h3>
          <ul className="mt-3 grid gap-3 text-sm">
            {upcoming.map((s) => (
              <li key={s.date} className="flex items-start justify-between gap-4">
                <span>
                  <span className="block font-medium">{formatCalendarDate(s.date, todayIso)}</span>
                  {s.note ? <span className="block text-muted-foreground">{s.note}</span> : null}
                </span>
                <span
                  className={cn("shrink-0 text-right font-semibold tabular-nums", s.isClosed && "text-destructive")}
                >
                  {formatDayHours(s)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
