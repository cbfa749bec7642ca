import { describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/config";
import { compileTrustProxy } from "~/.server/trust-proxy";

describe("TRUST_PROXY", () => {
  it("trusts nothing when unset, empty, false or 0", () => {
    for (const value of [undefined, "", "false", "0"]) {
      const trust = compileTrustProxy(value);
      expect(trust("127.0.0.1", 0)).toBe(false);
      expect(trust("10.0.0.1", 0)).toBe(false);
    }
    expect(parseConfig({}).TRUST_PROXY).toBeUndefined();
  });

  it("trusts the N nearest hops for a number", () => {
    const trust = compileTrustProxy("2");
    expect([0, 1, 2].map((hop) => trust("203.0.113.1", hop))).toEqual([true, true, false]);
  });

  it("trusts named ranges, addresses and CIDR ranges from a comma-separated list", () => {
    const trust = compileTrustProxy("loopback, 10.0.0.0/8, 192.168.1.7");
    expect(trust("127.0.0.1", 0)).toBe(true);
    expect(trust("::1", 0)).toBe(true);
    expect(trust("10.20.30.40", 1)).toBe(true);
    expect(trust("192.168.1.7", 0)).toBe(true);
    expect(trust("192.168.1.8", 0)).toBe(false);
    expect(trust("203.0.113.9", 0)).toBe(false);
  });

  it("refuses a malformed value at boot, naming the variable", () => {
    expect(() => parseConfig({ TRUST_PROXY: "not-an-address" })).toThrowError(
      /TRUST_PROXY: expected a number of hops or comma-separated addresses/,
    );
    expect(() => parseConfig({ TRUST_PROXY: "10.0.0.0/99" })).toThrowError(/TRUST_PROXY/);
    expect(parseConfig({ TRUST_PROXY: " loopback " }).TRUST_PROXY).toBe("loopback");
  });
});
