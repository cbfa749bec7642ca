import { describe, expect, it } from "vitest";
import { formatHoursText, parseHoursText } from "~/features/import/hours-text";

describe("readable weekly hours", () => {
  it("reads day ranges, single days, closed days and runs past midnight", () => {
    expect(parseHoursText("Mon-Fri 09:00-17:00; Sat 10:00-14:00; Sun closed")).toEqual([
      { day: 0, isClosed: true },
      ...[1, 2, 3, 4, 5].map((day) => ({ day, open: "09:00", close: "17:00", overnight: false })),
      { day: 6, open: "10:00", close: "14:00", overnight: false },
    ]);
    expect(parseHoursText("Fri-Sat 18:00-02:00")).toEqual([
      { day: 5, open: "18:00", close: "02:00", overnight: true },
      { day: 6, open: "18:00", close: "02:00", overnight: true },
    ]);
    expect(parseHoursText("Sat-Mon 00:00-24:00")).toEqual([
      { day: 0, allDay: true },
      { day: 1, allDay: true },
      { day: 6, allDay: true },
    ]);
    expect(parseHoursText("monday 9:30-17:00")).toEqual([{ day: 1, open: "09:30", close: "17:00", overnight: false }]);
  });

  it("says what it cannot read", () => {
    expect(() => parseHoursText("Mon 9-5")).toThrow('bad time "9"');
    expect(() => parseHoursText("Funday 09:00-17:00")).toThrow('unknown day "Funday"');
    expect(() => parseHoursText("Mon 09:00-17:00; Mon-Tue 10:00-11:00")).toThrow("Mon appears twice");
  });

  it("writes stored days back in the same form, Monday first", () => {
    const days = [
      ...[1, 2, 3, 4, 5].map((day) => ({ day, open: "09:00", close: "17:00", isClosed: false })),
      { day: 6, open: "22:00", close: "03:00", isClosed: false },
      { day: 0, open: null, close: null, isClosed: true },
    ];
    const text = formatHoursText(days);
    expect(text).toBe("Mon-Fri 09:00-17:00; Sat 22:00-03:00; Sun closed");
    expect(parseHoursText(text)).toHaveLength(7);
    expect(formatHoursText([{ day: 2, open: "00:00", close: "24:00", isClosed: false }])).toBe("Tue 00:00-24:00");
    expect(formatHoursText([])).toBe("");
  });
});
