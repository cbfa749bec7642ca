import { describe, expect, it } from "vitest";
import { postSignInPath, safeRedirect, signInPath } from "~/features/auth/redirect";

describe("safeRedirect", () => {
  it.each([
    "https://evil.example",
    "https://evil.example/admin",
    "http:evil.example",
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    "/\t/evil.example",
    "/%0a/evil",
    " //evil.example",
    "",
    // Dot segments that resolve to a scheme-relative "//host" (security review, finding 2).
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/x/..//evil.example/path",
    "/x/./..//evil.example",
  ])("ignores %j", (target) => {
    const result = safeRedirect(target, "/fallback");
    expect(result === "/fallback" || (result.startsWith("/") && !result.startsWith("//"))).toBe(true);
    expect(new URL(result, "http://near.test").origin).toBe("http://near.test");
  });

  it("resolves dot segments before judging the path", () => {
    for (const target of ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/x/..//evil.example/path"]) {
      expect(safeRedirect(target, "/home")).toBe("/home");
    }
    expect(safeRedirect("/a/../business/x", "/")).toBe("/business/x");
  });

  it("falls back for anything that isn't a same-site path", () => {
    expect(safeRedirect("https://evil.example", "/")).toBe("/");
    expect(safeRedirect("//evil.example", "/")).toBe("/");
    expect(safeRedirect("/\\evil.example", "/")).toBe("/");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
    expect(safeRedirect(null, "/x")).toBe("/x");
    expect(safeRedirect(["/a"], "/x")).toBe("/x");
  });

  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/business/abc?tab=reviews#write", "/")).toBe("/business/abc?tab=reviews#write");
    expect(safeRedirect("/admin", "/")).toBe("/admin");
    expect(safeRedirect("/search?q=pizza%20place", "/")).toBe("/search?q=pizza%20place");
  });

  it("never sends people back to the sign-in pages or the API", () => {
    expect(safeRedirect("/auth", "/")).toBe("/");
    expect(safeRedirect("/auth/callback?event=signin", "/")).toBe("/");
    expect(safeRedirect("/api/auth/sign-out", "/")).toBe("/");
    expect(safeRedirect("/authors", "/")).toBe("/authors");
  });
});

describe("postSignInPath", () => {
  it("admins go to /admin, others to /, unless a page sent them", () => {
    expect(postSignInPath({ isAdmin: true })).toBe("/admin");
    expect(postSignInPath({ isAdmin: false })).toBe("/");
    expect(postSignInPath({ isAdmin: false, redirectTo: "/business/1" })).toBe("/business/1");
    expect(postSignInPath({ isAdmin: true, redirectTo: "/portal" })).toBe("/portal");
  });

  it("ignores redirectTo=https://evil.example", () => {
    expect(postSignInPath({ isAdmin: false, redirectTo: "https://evil.example" })).toBe("/");
    expect(postSignInPath({ isAdmin: true, redirectTo: "https://evil.example" })).toBe("/admin");
  });
});

describe("signInPath", () => {
  it("carries the page to come back to", () => {
    expect(signInPath("/admin")).toBe("/auth?redirectTo=%2Fadmin");
    expect(signInPath()).toBe("/auth");
    expect(signInPath("https://evil.example")).toBe("/auth");
  });
});
