import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/.server/config";

describe("parseConfig", () => {
  it("uses the documented defaults", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.SITE_NAME).toBe("Near");
  });

  it("names the variable and what it expects when a value is bad", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrowError(/PORT: expected a port number \(got "eighty"\)/);
    expect(() => parseConfig({ SEED_DEMO: "maybe" })).toThrowError(/SEED_DEMO: expected true or false/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrowError(/DATABASE_URL: expected a postgres:\/\//);
    expect(() => parseConfig({ PUBLIC_URL: "not a url" })).toThrowError(/PUBLIC_URL: expected an absolute/);
    expect(() => parseConfig({ SITE_TIMEZONE: "Mars/Olympus" })).toThrowError(
      /SITE_TIMEZONE: expected an IANA time zone/,
    );
  });

  it("never prints the value of a secret or URL setting (URLs can hold passwords)", () => {
    const bad = {
      BETTER_AUTH_SECRET: "tooshort",
      DATABASE_URL: "mysql://admin:hunter2@db.example/near",
      DATABASE_READ_URL: "mysql://reader:hunter3@db.example/near",
      SMTP_URL: "http://mailer:hunter4@mail.example",
      PUBLIC_URL: "not a url with hunter5",
      S3_ENDPOINT: "ftp hunter6",
      STRIPE_API_URL: "nope hunter7",
      GEOCODER_URL: "nope hunter8",
      GOOGLE_OIDC_DISCOVERY_URL: "nope hunter9",
      MAP_TILE_URL: "https://tiles.example/key=hunter10",
      CITY_SITES: '[{"name":"x","url":"https://u:hunter11@x.example"}]',
    };
    const message = (() => {
      try {
        parseConfig(bad);
      } catch (error) {
        return (error as ConfigError).message;
      }
      return "";
    })();
    for (const name of Object.keys(bad)) expect(message).toContain(`${name}:`);
    for (const value of ["tooshort", ...Array.from({ length: 10 }, (_, i) => `hunter${i + 2}`)])
      expect(message).not.toContain(value);
    expect(message).toMatch(/BETTER_AUTH_SECRET: expected at least 32 characters.*\(value not shown\)/);
    // Ordinary settings still show what was given.
    expect(() => parseConfig({ LOG_LEVEL: "loud" })).toThrowError(/LOG_LEVEL: .* \(got "loud"\)/);
  });

  it("reports every bad variable at once", () => {
    try {
      parseConfig({ PORT: "-1", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.split(":")[0])).toEqual(["PORT", "LOG_LEVEL"]);
    }
  });

  it("treats an empty DATABASE_URL as unset and strips a trailing slash from PUBLIC_URL", () => {
    const config = parseConfig({ DATABASE_URL: "", PUBLIC_URL: "https://near.example/" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe("https://near.example");
  });

  it("lists the About page's city sites from CITY_SITES (JSON), else the spec's eight", () => {
    expect(parseConfig({}).citySites).toHaveLength(8);
    const sites = [{ name: "Near Springfield", state: "Illinois", url: "https://springfield.example.org" }];
    expect(parseConfig({ CITY_SITES: JSON.stringify(sites) }).citySites).toEqual(sites);
    for (const bad of ["not json", '[{"name":"X","state":"Y","url":"javascript:alert(1)"}]', '{"name":"X"}']) {
      expect(() => parseConfig({ CITY_SITES: bad })).toThrow(/CITY_SITES/);
    }
  });
});
