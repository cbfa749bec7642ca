import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "~/lib/nonce";
import { recordTime } from "~/.server/db/query-timing";
import { deferModuleScripts } from "~/.server/defer-modules";
import { deferredComponentsLoaded } from "~/lib/deferred-component";

// Based on @react-router/dev's default node entry, plus the CSP nonce: every
// inline script React Router and React emit carries this request's nonce.
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Components whose code leaves the pages' first load in the browser (forms) render here in full: their
  // chunks load once, when the server starts.
  await deferredComponentsLoaded();
  const nonce = loadContext.nonce;
  const started = performance.now();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A Suspense boundary whose content is ready (a deferred form: app/lib/deferred-component.tsx) is written in
        // place. By default React moves a ready boundary that comes after 12.8 KB of the page to the end of the
        // stream, to be put in place by an inline script: without JavaScript it would stay hidden.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // Server-Timing's render: up to the shell (the whole document for crawlers). The rest streams after the head.
          recordTime("render", performance.now() - started);
          // The route's JavaScript starts after the first paint (app/.server/defer-modules.ts).
          const body = deferModuleScripts({
            onEnd() {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.logger.error("Streaming render error", { error });
        },
      },
    );
  });
}

/**
 * Loader and action errors React Router catches (the error screen shows
 * them): logged through our logger, which drops query parameters, instead
 * of React Router's console.error of the raw error with what a user typed.
 * Aborted requests (the browser navigated away) are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const logger = (context as AppLoadContext | undefined)?.logger;
  const fields = { path: new URL(request.url).pathname, error };
  if (logger) logger.error("Unhandled error in a loader or action", fields);
  else console.error(error);
};
