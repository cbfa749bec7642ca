import { request } from "@playwright/test";
import { BASE_URL, ROLES, demoAccount, roleState } from "./admin-support";

/**
 * Signs each demo role in once per run of `playwright test` (one per shard: scripts/test.mjs gives each shard its
 * own server, port and data directory, so its own demo passwords) and keeps the cookies as a storage state
 * (`roleState(role)`). A test that only needs to be that role starts from it, with no sign-in of its own; the
 * sign-in form itself is tested in auth*.spec.ts. Runs after the web server is up (Playwright starts it first).
 */
export default async function globalSetup() {
  for (const role of ROLES) {
    const context = await request.newContext({ baseURL: BASE_URL });
    const { email, password } = demoAccount(role);
    const res = await context.post("/api/auth/sign-in/email", {
      data: { email, password },
      headers: { origin: BASE_URL },
    });
    if (!res.ok()) throw new Error(`Signing the demo ${role} in for the e2e run: ${res.status()} ${await res.text()}`);
    await context.storageState({ path: roleState(role) });
    await context.dispose();
  }
}
