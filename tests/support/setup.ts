import { afterEach, beforeEach, vi } from "vitest";

// A test that logs an unexpected console.error fails (Epic Stack's rule):
// errors we expect are asserted, not printed.
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => {
  spy?.mockRestore();
});
