import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger, redact } from "~/.server/logger";

/**
 * Issue 37.3: the log's one redaction (app/.server/logger.ts) — secret path segments, query values and a URL's
 * credentials — applied to every string a log line carries, however deep. The requests that put them there are in
 * tests/integration/log-redaction.test.ts.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

function captured(fn: () => void) {
  let out = "";
  const write = (chunk: unknown) => {
    out += String(chunk);
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(write as never);
  vi.spyOn(process.stderr, "write").mockImplementation(write as never);
  fn();
  vi.restoreAllMocks();
  return out;
}

describe("redact", () => {
  it("drops secret path segments, query values and URL credentials, and keeps the rest", () => {
    expect(redact("/api/auth/reset-password/Ab3dEf6hIj9kLm?callbackURL=%2Fauth%2Freset-password")).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=[redacted]",
    );
    expect(redact('No route matches URL "/api/auth/verify-email?token=eyJhbGciOi.x.y&callbackURL=/"')).toBe(
      'No route matches URL "/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]"',
    );
    expect(redact("https://near.example/newsletter/confirm?token=abc123")).toBe(
      "https://near.example/newsletter/confirm?token=[redacted]",
    );
    expect(redact("/api/auth/oauth2/callback/google?code=c0de&state=st4te")).toBe(
      "/api/auth/oauth2/callback/google?code=[redacted]&state=[redacted]",
    );
    expect(redact("connect to postgres://near:hunter2@db.example:5432/near failed")).toBe(
      "connect to postgres://[redacted]@db.example:5432/near failed",
    );
    for (const kept of ["/auth/reset-password", "/business/0b9f3a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "/search", "request"])
      expect(redact(kept)).toBe(kept);
  });

  it("is applied to the message and every field, nested objects, errors and URLs included", () => {
    class RouteError {
      status = 404;
      data = 'Error: No route matches URL "/api/auth/reset-password/SECRET-1"';
    }
    const out = captured(() => {
      const logger = createLogger("debug", { pretty: false });
      logger.info("opened https://near.test/newsletter/unsubscribe?token=SECRET-2", {
        path: "/api/auth/reset-password/SECRET-3",
        nested: { list: [{ url: "https://near.test/x?token=SECRET-4" }], route: new RouteError() },
        url: new URL("https://near.test/notifications/unsubscribe?token=SECRET-5"),
      });
      logger.error("failed", { error: new Error("fetch https://u:SECRET-6@smtp.example/?token=SECRET-7") });
      createLogger("debug", { pretty: true }).warn("auth", { arg0: { link: "/api/auth/reset-password/SECRET-8" } });
    });
    expect(out).toContain("/api/auth/reset-password/[redacted]");
    expect(out).toContain('"status":404');
    expect(out).not.toMatch(/SECRET-\d/);
  });
});
