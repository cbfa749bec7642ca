import type { AppLoadContext } from "react-router";
import { CLIENT_IP_HEADER } from "./auth.server";

/**
 * Calls one of Better Auth's HTTP endpoints from a route action, as the
 * browser would: through its router, so its origin checks and rate limits
 * apply (auth.api.* skips both). The action has already passed our
 * same-origin check, hence the Origin we send.
 */
export async function callAuthEndpoint(request: Request, context: AppLoadContext, path: `/${string}`, body: unknown) {
  const headers = new Headers({ "content-type": "application/json", origin: new URL(context.config.publicUrl).origin });
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (context.clientIp && context.clientIp !== "unknown") headers.set(CLIENT_IP_HEADER, context.clientIp);
  const response = await context.auth.handler(
    new Request(`${context.config.publicUrl}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { ok: response.ok, status: response.status, payload, headers: response.headers };
}
