import { html } from "hono/html";

/** Seconds a client is asked to wait before trying again while the database is down. */
export const UNAVAILABLE_RETRY_AFTER = 10;

export const UNAVAILABLE_API_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

/**
 * The page every visitor gets while the database is unreachable: a plain 503
 * with Retry-After, never cached; it reloads itself once the site is back.
 */
export function unavailablePage(siteName: string, nonce: string) {
  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Temporarily unavailable | ${siteName}</title>
        <style nonce="${nonce}">
          body {
            font-family: system-ui, sans-serif;
            max-width: 36rem;
            margin: 15vh auto;
            padding: 0 1.5rem;
            color: #1f2937;
            line-height: 1.5;
          }
          h1 {
            font-size: 1.75rem;
            margin-bottom: 0.5rem;
          }
          a {
            color: #1d4ed8;
          }
        </style>
      </head>
      <body>
        <main>
          <h1>We'll be right back</h1>
          <p>${siteName} can't reach its database at the moment. Nothing you did caused this, and nothing is lost.</p>
          <p>Please <a href="">try again</a> in a moment.</p>
        </main>
      </body>
    </html>`;
  return new Response(String(body), {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(UNAVAILABLE_RETRY_AFTER),
    },
  });
}
