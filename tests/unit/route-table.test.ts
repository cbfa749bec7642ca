import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";

function paths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);
}

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Test hooks live only in the end-to-end entry (server/e2e-main.ts), never in the app. */
describe("the production route table and bundle", () => {
  it("has no test route", async () => {
    const all = paths(await routes);
    expect(all).toContain("search");
    expect(all.filter((p) => p.startsWith("__test"))).toEqual([]);
  });

  const client = path.resolve(process.env.NEAR_BUILD_DIR ?? "build", "client");
  it.skipIf(!fs.existsSync(client))("the client build mentions no test hook", () => {
    const hits = files(client).filter((f) => /__test|x-near-test/.test(fs.readFileSync(f, "latin1")));
    expect(hits).toEqual([]);
  });

  const server = path.resolve(process.env.NEAR_BUILD_DIR ?? "build", "server");
  it.skipIf(!fs.existsSync(path.join(server, "main.js")))("the production server bundle has no test hook", () => {
    for (const file of ["main.js", "index.js"]) {
      expect(fs.readFileSync(path.join(server, file), "utf8")).not.toMatch(/x-near-test|__test\//);
    }
  });
});
