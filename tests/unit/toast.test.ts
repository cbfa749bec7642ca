import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, getToasts, toast, TOAST_DEFAULT_DURATION } from "~/lib/toast";

// The store behind <Toaster/>: Radix runs the timers and swipe in the browser
// (covered end to end); here, the rules the store itself owns.
describe("toast store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    dismissToast();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it("shows one toast at a time: a new one replaces the previous", () => {
    const first = toast({ title: "First" });
    const second = toast({ title: "Second", variant: "destructive" });
    expect(first.id).not.toBe(second.id);
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ id: second.id, title: "Second", variant: "destructive", open: true });
  });

  it("updates a toast in place", () => {
    const handle = toast({ title: "Saving…", duration: Infinity });
    handle.update({ title: "Saved", duration: 2000 });
    expect(getToasts()).toEqual([
      expect.objectContaining({ id: handle.id, title: "Saved", duration: 2000, open: true }),
    ]);
  });

  it("updating a replaced toast does nothing", () => {
    const old = toast({ title: "Old" });
    toast({ title: "New" });
    old.update({ title: "Changed" });
    expect(getToasts().map((t) => t.title)).toEqual(["New"]);
  });

  it("dismiss closes it (for the exit animation), then removes it", () => {
    const handle = toast({ title: "Bye" });
    handle.dismiss();
    expect(getToasts()).toEqual([expect.objectContaining({ id: handle.id, open: false })]);
    vi.advanceTimersByTime(1000);
    expect(getToasts()).toEqual([]);
  });

  it("a removal scheduled for a replaced toast never removes the new one", () => {
    const first = toast({ title: "First" });
    first.dismiss();
    const second = toast({ title: "Second" });
    vi.advanceTimersByTime(5000);
    expect(getToasts()).toEqual([expect.objectContaining({ id: second.id, open: true })]);
  });

  it("defaults to 5000 ms (the Toaster passes it to Radix)", () => {
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
    toast({ title: "Default" });
    expect(getToasts()[0]?.duration).toBeUndefined();
  });
});
