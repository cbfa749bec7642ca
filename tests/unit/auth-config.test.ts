import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCrossSite } from "../../server/http/auth";
import { mailFrom } from "~/.server/mail";
import { resolveAuthSecret, WeakSecretError } from "~/.server/auth-secret";
import { parseConfig } from "~/.server/config";

describe("accounts configuration", () => {
  it("has safe defaults", () => {
    const config = parseConfig({});
    expect(config.ADMIN_EMAILS).toEqual([]);
    expect(config.AUTH_RATE_LIMIT).toBe(true);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it("parses ADMIN_EMAILS and names bad values", () => {
    expect(parseConfig({ ADMIN_EMAILS: " Ann@Example.com, bob@example.com ,," }).ADMIN_EMAILS).toEqual([
      "ann@example.com",
      "bob@example.com",
    ]);
    expect(() => parseConfig({ ADMIN_EMAILS: "ann@example.com, nope" })).toThrow(
      /ADMIN_EMAILS: expected comma-separated email addresses/,
    );
    expect(() => parseConfig({ SMTP_URL: "mail.example.com" })).toThrow(
      /SMTP_URL: expected an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => parseConfig({ BETTER_AUTH_SECRET: "short" })).toThrow(
      /BETTER_AUTH_SECRET: expected at least 32 characters/,
    );
    expect(() => parseConfig({ AUTH_RATE_LIMIT: "off" })).toThrow(/AUTH_RATE_LIMIT: expected true or false/);
  });

  it("wants a provider's client id and secret together", () => {
    expect(() => parseConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(
      /GOOGLE_CLIENT_SECRET: expected the client secret that goes with GOOGLE_CLIENT_ID/,
    );
    expect(() => parseConfig({ GITHUB_CLIENT_SECRET: "s" })).toThrow(/GITHUB_CLIENT_ID: expected the client id/);
    expect(parseConfig({ GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "s" }).GITHUB_CLIENT_ID).toBe("id");
  });

  it("generates the auth secret once and keeps it in DATA_DIR", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-secret-"));
    try {
      const first = resolveAuthSecret({ dataDir, BETTER_AUTH_SECRET: undefined });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveAuthSecret({ dataDir, BETTER_AUTH_SECRET: undefined })).toBe(first);
      expect((fs.statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toString(8)).toBe("600");
      expect(resolveAuthSecret({ dataDir, BETTER_AUTH_SECRET: "x".repeat(40) })).toBe("x".repeat(40));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses a DATA_DIR/auth-secret shorter than 32 characters instead of signing sessions with it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-secret-"));
    try {
      for (const weak of ["abcde", "", "x".repeat(31)]) {
        fs.writeFileSync(path.join(dataDir, "auth-secret"), `${weak}\n`);
        expect(() => resolveAuthSecret({ dataDir, BETTER_AUTH_SECRET: undefined })).toThrow(WeakSecretError);
        expect(() => resolveAuthSecret({ dataDir, BETTER_AUTH_SECRET: undefined })).toThrow(
          /at least 32 are needed.*Delete the file/,
        );
      }
      // BETTER_AUTH_SECRET wins over the file.
      expect(resolveAuthSecret({ dataDir, BETTER_AUTH_SECRET: "y".repeat(32) })).toBe("y".repeat(32));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("trusts the local addresses for sign-in when PUBLIC_URL is unset, and only PUBLIC_URL when it is set", () => {
    expect(parseConfig({ PORT: "3000" }).trustedOrigins).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    expect(parseConfig({ PORT: "3000", PUBLIC_URL: "https://near.example/" }).trustedOrigins).toEqual([
      "https://near.example",
    ]);
  });

  it("sends mail from MAIL_FROM or a no-reply address on the site's domain", () => {
    expect(
      mailFrom({ MAIL_FROM: "Near <hi@near.example>", SITE_NAME: "Near", publicUrl: "https://near.example" }),
    ).toBe("Near <hi@near.example>");
    expect(mailFrom({ MAIL_FROM: undefined, SITE_NAME: "Near", publicUrl: "https://near.example" })).toBe(
      '"Near" <no-reply@near.example>',
    );
    expect(mailFrom({ MAIL_FROM: undefined, SITE_NAME: "Near", publicUrl: "http://localhost:3000" })).toBe(
      '"Near" <no-reply@near.invalid>',
    );
  });
});

describe("isCrossSite", () => {
  const req = (headers: Record<string, string>) =>
    new Request("http://127.0.0.1:3000/api/v1/x", { method: "POST", headers });
  it("trusts Fetch Metadata first, then Origin against PUBLIC_URL or the request's own origin", () => {
    expect(
      isCrossSite(req({ "sec-fetch-site": "same-origin", origin: "https://evil.example" }), "http://localhost:3000"),
    ).toBe(false);
    expect(isCrossSite(req({ "sec-fetch-site": "same-site" }), "http://localhost:3000")).toBe(true);
    expect(isCrossSite(req({ "sec-fetch-site": "cross-site" }), "http://localhost:3000")).toBe(true);
    expect(isCrossSite(req({ origin: "http://localhost:3000" }), "http://localhost:3000")).toBe(false);
    expect(isCrossSite(req({ origin: "http://127.0.0.1:3000" }), "http://localhost:3000")).toBe(false);
    expect(isCrossSite(req({ origin: "https://evil.example" }), "http://localhost:3000")).toBe(true);
    expect(isCrossSite(req({ origin: "null" }), "http://localhost:3000")).toBe(true);
    expect(isCrossSite(req({}), "http://localhost:3000")).toBe(false);
  });
});
