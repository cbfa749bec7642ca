// `npm start`: builds when the build is missing or older than the sources,
// then runs the production server in this process.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = path.resolve(process.env.NEAR_BUILD_DIR ?? "build");
const entry = path.join(buildDir, "server", "main.js");
const SOURCES = ["app", "server", "public", "drizzle", "package-lock.json", "vite.config.ts", "react-router.config.ts", "scripts/build-server.mjs"];

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
  console.log(builtAt ? "Sources changed: rebuilding…" : "No build yet: building (takes a few seconds)…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(entry).href);
