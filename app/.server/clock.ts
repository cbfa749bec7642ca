/**
 * What time it is, as a service: built once at boot and handed to loaders,
 * actions and API handlers through the load context, so a test (or the
 * end-to-end server's `x-near-test-now` header) can pin "now" without
 * touching the system clock. Domain functions take `now` as an argument; the
 * delivery layer asks the clock.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that always answers the same instant. */
export function fixedClock(at: Date): Clock {
  const time = at.getTime();
  return { now: () => new Date(time) };
}
