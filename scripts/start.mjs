// `npm start`: builds when the build is missing or older than the sources,
// then runs the production server in this process.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = path.resolve(process.env.NEAR_BUILD_DIR ?? "build");
const entry = path.join(buildDir, "server", "main.js");
const SOURCES = [
  "app",
  "server",
  "public",
  "drizzle",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/build-server.mjs",
];

function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

const builtAt = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < sourcesAt) {
  // One line per step; the build's own output only when it fails.
  process.stdout.write(builtAt ? "Sources changed: rebuilding… " : "Building the app (first start only)… ");
  const started = Date.now();
  const result = spawnSync("npm", ["run", "--silent", "build"], {
    encoding: "utf8",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) {
    process.stdout.write("failed\n\n");
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

await import(pathToFileURL(entry).href);
