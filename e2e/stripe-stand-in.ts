import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for Stripe (no machine reaches the internet): the two API
 * calls Near makes (Checkout and billing-portal sessions) and the pages a
 * customer sees there. "Pay" sends Near a `checkout.session.completed` event
 * signed with the webhook secret — the same signature Stripe makes, from the
 * official package's test helper — before returning to the success URL, as
 * Stripe does.
 */
export async function startStripeStandIn(opts: { webhookUrl: () => string; webhookSecret: string }) {
  const sessions = new Map<string, URLSearchParams>();
  let next = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk));
    req.on("end", () => {
      void handle(req, res, raw).catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? "/", base);
    const json = (body: unknown) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    const html = (body: string) =>
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><html lang="en">
<head><title>Stripe stand-in</title></head><body><main>${body}</main></body></html>`);

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const id = `cs_e2e_${++next}`;
      sessions.set(id, new URLSearchParams(raw));
      return json({ id, object: "checkout.session", url: `${base}/pay/${id}` });
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      return json({ id: `bps_e2e_${++next}`, object: "billing_portal.session", url: `${base}/portal` });
    }
    const pay = /^\/pay\/(cs_e2e_\d+)$/.exec(url.pathname);
    const session = pay ? sessions.get(pay[1]!) : undefined;
    if (pay && session && req.method === "GET") {
      return html(`<h1>Checkout (test stand-in)</h1>
<p>Subscribe with price ${session.get("line_items[0][price]")}</p>
<form method="post"><button type="submit">Pay</button></form>
<a href="${session.get("cancel_url")}">Cancel</a>`);
    }
    if (pay && session && req.method === "POST") {
      const payload = JSON.stringify({
        id: `evt_e2e_${++next}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: pay[1],
            object: "checkout.session",
            mode: "subscription",
            status: "complete",
            payment_status: "paid",
            client_reference_id: session.get("client_reference_id"),
            metadata: { businessId: session.get("metadata[businessId]"), plan: session.get("metadata[plan]") },
            customer: "cus_e2e",
            subscription: `sub_e2e_${next}`,
          },
        },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
      const delivered = await fetch(opts.webhookUrl(), {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      if (!delivered.ok) throw new Error(`webhook answered ${delivered.status}: ${await delivered.text()}`);
      res.writeHead(303, { location: session.get("success_url") ?? "/" }).end();
      return;
    }
    if (url.pathname === "/portal") return html("<h1>Billing portal (test stand-in)</h1>");
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
