import { CopyCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "~/components/ui/tooltip";
import { cn } from "~/lib/utils";
import { DAY_NAMES, WEEK_ORDER, WEEKDAYS } from "../../../lib/catalogue";
import { isAllDay, minutesOf } from "../schema";
import type { ManagedHours } from "../types";
import { FieldError } from "./field";

export interface HoursRow {
  day: number;
  isClosed: boolean;
  allDay: boolean;
  open: string;
  close: string;
  /** "Closes after midnight": a closing time at or before the opening time is the next morning. */
  overnight: boolean;
}

/** A new listing starts with common shop hours: weekdays 9–5, Saturday 10–4, closed Sunday. */
export function defaultHours(): HoursRow[] {
  return Array.from({ length: 7 }, (_, day) => {
    if (day === 0) return { day, isClosed: true, allDay: false, open: "", close: "", overnight: false };
    if (day === 6) return { day, isClosed: false, allDay: false, open: "10:00", close: "16:00", overnight: false };
    return { day, isClosed: false, allDay: false, open: "09:00", close: "17:00", overnight: false };
  });
}

/** The stored rows as editor rows; a day without a row is shown closed. */
export function hoursFromStored(stored: ManagedHours[]): HoursRow[] {
  return Array.from({ length: 7 }, (_, day) => {
    const h = stored.find((s) => s.day === day);
    if (!h || h.isClosed || !h.open || !h.close)
      return { day, isClosed: true, allDay: false, open: "", close: "", overnight: false };
    if (isAllDay(h)) return { day, isClosed: false, allDay: true, open: "", close: "", overnight: false };
    const close = h.close === "24:00" ? "00:00" : h.close;
    const overnight = minutesOf(h.close)! <= minutesOf(h.open)! || h.close === "24:00";
    return { day, isClosed: false, allDay: false, open: h.open, close, overnight };
  });
}

const checkboxClasses = "size-4 shrink-0 cursor-pointer rounded accent-primary";

/**
 * The week, Monday first. Each day is closed, open 24 hours, or open from a
 * time to a time; a closing time earlier than the opening time is accepted
 * when "Closes after midnight" is ticked (a bar open 18:00–02:00).
 */
export function HoursEditor({
  value,
  onChange,
  errors,
}: {
  value: HoursRow[];
  onChange: (rows: HoursRow[]) => void;
  errors: Record<string, string>;
}) {
  const set = (day: number, patch: Partial<HoursRow>) =>
    onChange(value.map((r) => (r.day === day ? { ...r, ...patch } : r)));

  function copyToWeekdays(from: HoursRow) {
    onChange(value.map((r) => ((WEEKDAYS as readonly number[]).includes(r.day) ? { ...from, day: r.day } : r)));
  }

  // The editor's tooltips carry their provider: the root layout doesn't load Radix's tooltip on every page.
  return (
    <TooltipProvider>
      <div className="grid gap-2">
        {WEEK_ORDER.map((day) => {
          const row = value.find((r) => r.day === day)!;
          const name = DAY_NAMES[day];
          const p = `hours.${day}.`;
          const mode = row.isClosed ? "closed" : row.allDay ? "allDay" : "open";
          const timesOff = mode !== "open";
          const error = errors[`hours.${day}.open`] ?? errors[`hours.${day}.close`] ?? errors[`hours.${day}.day`];
          const errorId = `hours-${day}-error`;
          return (
            <div
              key={day}
              role="group"
              aria-label={name}
              aria-describedby={error ? errorId : undefined}
              className={cn(
                "grid items-center gap-x-3 gap-y-2 rounded-xl border px-3 py-2.5 transition-colors sm:grid-cols-[6.75rem_9.5rem_1fr] sm:px-4",
                mode === "closed" ? "bg-muted/50" : "bg-card",
                error && "border-destructive/50",
              )}
              data-testid={`hours-${name.toLowerCase()}`}
            >
              <input type="hidden" name={`${p}day`} value={day} />
              <div className="flex items-center justify-between gap-3 sm:contents">
                <span aria-hidden="true" className="font-semibold">
                  {name}
                </span>
                <NativeSelect
                  name={`${p}mode`}
                  value={mode}
                  aria-label={`${name} hours`}
                  className="w-40 sm:w-auto"
                  onChange={(e) =>
                    set(day, { isClosed: e.target.value === "closed", allDay: e.target.value === "allDay" })
                  }
                >
                  <option value="open">Open</option>
                  <option value="closed">Closed</option>
                  <option value="allDay">Open 24 hours</option>
                </NativeSelect>
              </div>
              <div
                className={cn("flex flex-wrap items-center gap-x-3 gap-y-2", timesOff && "hidden sm:flex sm:invisible")}
              >
                <div className="flex items-center gap-2">
                  <Input
                    type="time"
                    name={`${p}open`}
                    value={timesOff ? "" : row.open}
                    disabled={timesOff}
                    onChange={(e) => set(day, { open: e.target.value })}
                    aria-label={`${name} opening time`}
                    aria-invalid={errors[`hours.${day}.open`] ? true : undefined}
                    className="w-[7.5rem]"
                  />
                  <span aria-hidden="true" className="text-sm text-muted-foreground">
                    to
                  </span>
                  <Input
                    type="time"
                    name={`${p}close`}
                    value={timesOff ? "" : row.close}
                    disabled={timesOff}
                    onChange={(e) => set(day, { close: e.target.value })}
                    aria-label={`${name} closing time`}
                    aria-invalid={errors[`hours.${day}.close`] ? true : undefined}
                    className="w-[7.5rem]"
                  />
                </div>
                <label className="inline-flex cursor-pointer items-center gap-2 text-sm whitespace-nowrap">
                  <input
                    type="checkbox"
                    name={`${p}overnight`}
                    className={checkboxClasses}
                    checked={row.overnight && !timesOff}
                    disabled={timesOff}
                    onChange={(e) => set(day, { overnight: e.target.checked })}
                    aria-label={`${name} closes after midnight`}
                  />
                  <span aria-hidden="true">After midnight</span>
                </label>
                <Tooltip>
                  <TooltipTrigger asChild>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      className="ml-auto text-muted-foreground"
                      onClick={() => copyToWeekdays(row)}
                      aria-label={`Copy ${name}'s hours to all weekdays`}
                    >
                      <CopyCheck aria-hidden="true" />
                    </Button>
                  </TooltipTrigger>
                  <TooltipContent>Copy to Monday–Friday</TooltipContent>
                </Tooltip>
              </div>
              {error ? <FieldError id={errorId} message={`${name}: ${error}`} className="sm:col-span-3" /> : null}
            </div>
          );
        })}
      </div>
    </TooltipProvider>
  );
}
