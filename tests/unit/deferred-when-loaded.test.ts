import { afterEach, describe, expect, it, vi } from "vitest";
import { deferredComponent } from "~/lib/deferred-component";
import { dismissToast, getToasts } from "~/lib/toast";

// A press that shows a component whose code is loaded on demand (the review form, the lightbox…).
describe("deferredComponent().whenLoaded", () => {
  afterEach(() => dismissToast());

  it("runs the action once the code is in, and again at once after that", async () => {
    const load = vi.fn(async () => () => null);
    const deferred = deferredComponent(load);
    const opened = vi.fn();
    deferred.whenLoaded(opened, "The form couldn't be loaded.");
    await vi.waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    deferred.whenLoaded(opened, "The form couldn't be loaded.");
    await vi.waitFor(() => expect(opened).toHaveBeenCalledTimes(2));
    expect(load).toHaveBeenCalledTimes(1);
    expect(getToasts().filter((t) => t.open)).toEqual([]);
  });

  it("says so in an Error toast when the download fails, and the next press tries again", async () => {
    const load = vi
      .fn<() => Promise<() => null>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(() => null);
    const deferred = deferredComponent(load);
    const opened = vi.fn();
    deferred.whenLoaded(opened, "The review form couldn't be loaded.");
    await vi.waitFor(() =>
      expect(getToasts().filter((t) => t.open)).toEqual([
        expect.objectContaining({
          title: "Error",
          description: "The review form couldn't be loaded. Check your connection and try again.",
          variant: "destructive",
        }),
      ]),
    );
    expect(opened).not.toHaveBeenCalled();
    deferred.whenLoaded(opened, "The review form couldn't be loaded.");
    await vi.waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
