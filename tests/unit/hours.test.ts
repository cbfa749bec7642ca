import { describe, expect, it } from "vitest";
import { formatDayHours, formatTime, localNow, openStatus, type WeeklyHours } from "~/features/directory/hours";

const everyDay = (open: string | null, close: string | null, closedDays: number[] = []): WeeklyHours[] =>
  Array.from({ length: 7 }, (_, day) =>
    closedDays.includes(day) ? { day, open: null, close: null, isClosed: true } : { day, open, close, isClosed: false },
  );

// 2026-11-18 is a Wednesday.
const at = (iso: string) => new Date(iso);

describe("formatting", () => {
  it("formats times and the spec's 'open - close' / 'Closed'", () => {
    expect(formatTime("09:00")).toBe("9:00 AM");
    expect(formatTime("00:30")).toBe("12:30 AM");
    expect(formatTime("12:00")).toBe("12:00 PM");
    expect(formatTime("23:45")).toBe("11:45 PM");
    expect(formatDayHours({ open: "09:00", close: "17:00", isClosed: false })).toBe("9:00 AM - 5:00 PM");
    expect(formatDayHours({ open: null, close: null, isClosed: true })).toBe("Closed");
    expect(formatDayHours(undefined)).toBe("Closed");
    expect(formatDayHours({ open: "00:00", close: "00:00", isClosed: false })).toBe("Open 24 hours");
  });
});

describe("openStatus", () => {
  it("uses the business's own time zone, not the server's", () => {
    const hours = everyDay("09:00", "17:00");
    // 15:00 UTC = 10:00 in Chicago (CST, UTC-6) but 07:00 in Los Angeles (PST, UTC-8).
    const now = at("2026-11-18T15:00:00Z");
    expect(openStatus({ timezone: "America/Chicago", hours }, now)).toEqual({
      isOpen: true,
      label: "Open now · closes 5:00 PM",
    });
    expect(openStatus({ timezone: "America/Los_Angeles", hours }, now)).toEqual({
      isOpen: false,
      label: "Closed · opens today 9:00 AM",
    });
  });

  it("handles hours past midnight, including the early hours of the next day", () => {
    const hours = everyDay("18:00", "02:00");
    const tz = "America/New_York"; // EST, UTC-5 in November
    expect(openStatus({ timezone: tz, hours }, at("2026-11-18T04:30:00Z")).isOpen).toBe(true); // Tue 23:30
    expect(openStatus({ timezone: tz, hours }, at("2026-11-18T06:30:00Z"))).toEqual({
      isOpen: true,
      label: "Open now · closes 2:00 AM",
    }); // Wed 01:30
    expect(openStatus({ timezone: tz, hours }, at("2026-11-18T07:30:00Z"))).toEqual({
      isOpen: false,
      label: "Closed · opens today 6:00 PM",
    }); // 02:30
  });

  it("spills yesterday's late hours into a closed day", () => {
    // Open Tuesday 20:00–03:00; closed Wednesday.
    const hours = everyDay("20:00", "03:00", [3]);
    const tz = "UTC";
    expect(openStatus({ timezone: tz, hours }, at("2026-11-18T02:00:00Z")).isOpen).toBe(true); // Wed 02:00, from Tuesday
    expect(openStatus({ timezone: tz, hours }, at("2026-11-18T12:00:00Z"))).toEqual({
      isOpen: false,
      label: "Closed · opens tomorrow 8:00 PM",
    });
  });

  it("names the weekday when the next opening is further away", () => {
    // Only open Mondays.
    const hours = everyDay("10:00", "16:00", [0, 2, 3, 4, 5, 6]);
    expect(openStatus({ timezone: "UTC", hours }, at("2026-11-18T12:00:00Z")).label).toBe(
      "Closed · opens Monday 10:00 AM",
    );
  });

  it("says just 'Closed' when it never opens", () => {
    expect(openStatus({ timezone: "UTC", hours: everyDay(null, null, [0, 1, 2, 3, 4, 5, 6]) }, new Date()).label).toBe(
      "Closed",
    );
    expect(openStatus({ timezone: "UTC", hours: [] }, new Date()).label).toBe("Closed");
  });

  it("lets a special date close a normally open day, or open it with other hours", () => {
    const hours = everyDay("09:00", "17:00");
    const now = at("2026-11-26T12:00:00Z"); // Thanksgiving, a Thursday
    const holiday = [{ date: "2026-11-26", open: null, close: null, isClosed: true, note: "Thanksgiving" }];
    expect(openStatus({ timezone: "UTC", hours, specialHours: holiday }, now)).toEqual({
      isOpen: false,
      label: "Closed · opens tomorrow 9:00 AM",
    });
    const shortDay = [{ date: "2026-11-26", open: "10:00", close: "13:00", isClosed: false }];
    expect(openStatus({ timezone: "UTC", hours, specialHours: shortDay }, now)).toEqual({
      isOpen: true,
      label: "Open now · closes 1:00 PM",
    });
    expect(openStatus({ timezone: "UTC", hours, specialHours: shortDay }, at("2026-11-26T14:00:00Z")).isOpen).toBe(
      false,
    );
  });

  it("treats open == close, and 00:00–24:00, as 24 hours", () => {
    expect(openStatus({ timezone: "UTC", hours: everyDay("00:00", "00:00") }, at("2026-11-18T03:17:00Z"))).toEqual({
      isOpen: true,
      label: "Open now",
    });
    expect(openStatus({ timezone: "UTC", hours: everyDay("00:00", "24:00") }, at("2026-11-18T23:59:00Z"))).toEqual({
      isOpen: true,
      label: "Open now",
    });
    expect(formatDayHours({ open: "00:00", close: "24:00", isClosed: false })).toBe("Open 24 hours");
    expect(formatDayHours({ open: "18:00", close: "24:00", isClosed: false })).toBe("6:00 PM - 12:00 AM");
  });

  it("is correct across DST changes (wall-clock hours)", () => {
    const hours = everyDay("09:00", "17:00");
    const tz = "America/Chicago";
    // 2026-03-08: clocks go forward at 02:00 (CST → CDT). 14:30 UTC = 09:30 CDT (open), but would be 08:30 in CST.
    expect(openStatus({ timezone: tz, hours }, at("2026-03-08T14:30:00Z")).isOpen).toBe(true);
    expect(openStatus({ timezone: tz, hours }, at("2026-03-07T14:30:00Z")).isOpen).toBe(false); // Saturday 08:30 CST
    // 2026-11-01: clocks go back at 02:00. 22:30 UTC = 16:30 CST (open); 23:30 UTC = 17:30 (closed).
    expect(openStatus({ timezone: tz, hours }, at("2026-11-01T22:30:00Z")).isOpen).toBe(true);
    expect(openStatus({ timezone: tz, hours }, at("2026-11-01T23:30:00Z")).isOpen).toBe(false);
    // A bar open 22:00–03:00 on the night the clocks go back is open at 01:30 (both times it occurs).
    const bar = everyDay("22:00", "03:00");
    expect(openStatus({ timezone: tz, hours: bar }, at("2026-11-01T06:30:00Z")).isOpen).toBe(true); // 01:30 CDT
    expect(openStatus({ timezone: tz, hours: bar }, at("2026-11-01T07:30:00Z")).isOpen).toBe(true); // 01:30 CST
  });

  it("reads the local calendar date and weekday", () => {
    expect(localNow("Pacific/Auckland", at("2026-11-18T12:00:00Z"))).toMatchObject({ weekday: 4, minutes: 60 }); // Thu 01:00 NZDT
  });
});
