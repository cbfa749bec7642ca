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
