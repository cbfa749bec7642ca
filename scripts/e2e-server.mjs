// Serves the production build for the end-to-end tests: a fresh data
// directory every run, demo data, and the e2e entry (build/server/e2e.js: the
// production server plus the test hooks of server/e2e-main.ts).
import fs from "node:fs";
import path from "node:path";

const dataDir = path.resolve(`.tmp/e2e-data-${process.env.PORT ?? "3210"}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
process.env.SEED_DEMO = "true";
process.env.LOG_LEVEL ??= "warn";
delete process.env.DATABASE_URL;

// Accounts: the origin the browser uses (cookies, OAuth redirects), no rate
// limits (every test signs in from one address), and local stand-ins for
// email and for Google/GitHub — see tests/support/auth-servers.mjs and e2e/auth-helpers.ts.
const port = process.env.PORT ?? "3210";
process.env.PUBLIC_URL ??= `http://${process.env.HOST ?? "127.0.0.1"}:${port}`;
process.env.AUTH_RATE_LIMIT ??= "false";
// The browser is the one proxy hop: a test that exhausts a rate limit (Send Message's) sends its own
// X-Forwarded-For, so later tests from 127.0.0.1 keep their own allowance whatever the shard's order.
process.env.TRUST_PROXY ??= "loopback";
// Server-Timing's detail goes to admins and to requests holding this secret (e2e/admin-support.ts: DEBUG_TIMING).
process.env.DEBUG_TIMING_SECRET ??= "e2e-debug-timing-secret";
// Two admins-to-be, so specs that each sign one up never collide on one shared server.
process.env.ADMIN_EMAILS ??= "e2e-admin@example.com,e2e-signup-admin@example.com";
if (process.env.E2E_AUTH_STAND_INS !== "false") {
  const { startMailServer, startOidcServer } = await import("../tests/support/auth-servers.mjs");
  const mailDir = path.resolve(`.tmp/e2e-mail-${port}`);
  fs.rmSync(mailDir, { recursive: true, force: true });
  const mail = await startMailServer({ dir: mailDir });
  const google = await startOidcServer({
    identity: { sub: "google-e2e", email: "grace.google@example.com", name: "Grace Google" },
  });
  const github = await startOidcServer({
    identity: { sub: "github-e2e", email: "gus.github@example.com", name: "Gus GitHub" },
  });
  Object.assign(process.env, {
    SMTP_URL: mail.url,
    GOOGLE_CLIENT_ID: "e2e-google",
    GOOGLE_CLIENT_SECRET: "e2e-google-secret",
    GOOGLE_OIDC_DISCOVERY_URL: google.discoveryUrl,
    GITHUB_CLIENT_ID: "e2e-github",
    GITHUB_CLIENT_SECRET: "e2e-github-secret",
    GITHUB_OIDC_DISCOVERY_URL: github.discoveryUrl,
  });
}
// Maps (docs/maps.md): tiles and the geocoder from local stand-ins, never the internet.
if (process.env.E2E_MAP_STAND_INS !== "false") {
  const { startTileServer, startGeocoder } = await import("../tests/support/map-stand-ins.mjs");
  const tiles = await startTileServer();
  const geocoder = await startGeocoder();
  process.env.MAP_TILE_URL ??= tiles.template;
  process.env.GEOCODER_URL ??= geocoder.url;
}
await import(path.resolve(process.env.NEAR_BUILD_DIR ?? "build", "server/e2e.js"));
