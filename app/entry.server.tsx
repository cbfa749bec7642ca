import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "~/lib/nonce";
import { recordTemplate, recordTime } from "~/.server/db/query-timing";
import { prefersGzip } from "~/.server/gzip-parts";
import {
  fillTemplate,
  readText,
  splitTemplate,
  streamOf,
  templateKey,
  tokenizeData,
  tokenizeHandoff,
  type PageTemplate,
  type PageTemplates,
} from "~/.server/page-templates";
import { isPersonalPath, personalStrings } from "~/features/auth/root.server";
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
  const userAgent = request.headers.get("user-agent");
  // Crawlers get the whole document at once.
  const whole = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
  const templates = loadContext.pageTemplates;
  if (templates?.enabled && !whole && responseStatusCode === 200) {
    const answer = await answerFromTemplate(request, responseHeaders, routerContext, loadContext.nonce, templates);
    if (answer) return answer;
  }
  const started = performance.now();
  const { body } = await renderDocument(request, responseHeaders, routerContext, loadContext, whole, () =>
    // Server-Timing's render: up to the shell (the whole document for crawlers). The rest streams after the head.
    recordTime("render", performance.now() - started),
  );
  return new Response(createReadableStreamFromReadable(body), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

/**
 * Renders the document: resolves with the stream once the shell is ready (or the whole document, when `whole`), with
 * the route's JavaScript after the first paint (app/.server/defer-modules.ts). `failed` says whether an error came
 * while it streamed.
 */
function renderDocument(
  request: Request,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: Pick<AppLoadContext, "nonce" | "logger">,
  whole: boolean,
  onReady: () => void = () => {},
): Promise<{ body: ReturnType<typeof deferModuleScripts>; failed: () => boolean }> {
  const nonce = loadContext.nonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";
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
          onReady();
          const body = deferModuleScripts({
            onEnd() {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve({ body, failed: () => failed });
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          if (shellRendered) loadContext.logger.error("Streaming render error", { error });
        },
      },
    );
  });
}

/**
 * A signed-in reader's page from the template every reader in their situation shares (app/.server/page-templates.ts,
 * docs/decisions/016-signed-in-page-templates.md), rendering the template first when there is none; null when the page
 * must be rendered for them alone (what stopped it is in Server-Timing's `template`). Their data was read for them by
 * the loaders, as always: only React's render is shared.
 */
async function answerFromTemplate(
  request: Request,
  responseHeaders: Headers,
  routerContext: EntryContext,
  nonce: string,
  templates: PageTemplates,
): Promise<Response | null> {
  const started = performance.now();
  const page = routerContext.staticHandlerContext;
  const skip = (reason: string) => {
    recordTemplate(`skip: ${reason}`);
    return null;
  };
  if (page.errors || page.actionData || !routerContext.serverHandoffStream) return skip("not a plain page");
  const values = personalStrings(page.loaderData.root);
  if (!values) return skip("no reader");
  const tokens = values.map((_, i) => templates.token(i));
  // What React Router serialises for the browser (its serverHandoffStream): compared before it is read, which waits
  // for every value in it.
  const state = { loaderData: page.loaderData, actionData: page.actionData, errors: page.errors };
  const tokenized = tokenizeData(state, values, tokens, templates.prefix, isPersonalPath);
  if ("skip" in tokenized) return skip(tokenized.skip);
  const handoffText = await readText(routerContext.serverHandoffStream);
  // From here on, a page rendered for its reader gets the data back.
  routerContext.serverHandoffStream = streamOf(handoffText);
  const handoff = tokenizeHandoff(handoffText, values, tokens);
  if (handoff === null) return skip("deferred data");

  const key = templateKey(new URL(request.url), 200, handoff);
  let template = templates.get(key);
  let outcome = "hit";
  if (template === undefined) {
    const pending = templates.rendering.get(key);
    if (pending) {
      outcome = "shared";
      template = (await pending) ?? "none";
    } else {
      outcome = "miss";
      let share: (template: PageTemplate | undefined) => void = () => {};
      templates.rendering.set(key, new Promise((resolve) => (share = resolve)));
      const generation = templates.generation();
      try {
        const tokenizedState = tokenized.data as typeof state;
        const context: EntryContext = {
          ...routerContext,
          staticHandlerContext: { ...page, loaderData: tokenizedState.loaderData },
          serverHandoffStream: streamOf(handoff),
          renderMeta: {},
        };
        const { body, failed } = await renderDocument(
          request,
          new Headers(responseHeaders),
          context,
          { nonce, logger: nullLogger },
          true,
        );
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        const html = Buffer.concat(chunks).toString("utf8");
        const split = failed() ? null : splitTemplate(html, templates.prefix, nonce, Date.now());
        template = split ?? "none";
        templates.set(key, template, generation);
        share(split ?? undefined);
      } catch {
        share(undefined);
        template = "none";
      } finally {
        templates.rendering.delete(key);
      }
    }
  }
  if (template === "none") return skip("not a template");
  recordTemplate(outcome);
  const gzip = prefersGzip(request);
  const body = fillTemplate(template, values, nonce, gzip);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (gzip) {
    // Compressed here from the template's parts, so the compression middleware leaves it alone.
    responseHeaders.set("Content-Encoding", "gzip");
    responseHeaders.append("Vary", "Accept-Encoding");
  }
  recordTime("render", performance.now() - started);
  return new Response(body, { headers: responseHeaders, status: 200 });
}

/** The template's render is retried for the reader, who gets any error logged then. */
const nullLogger = { error() {} } as unknown as AppLoadContext["logger"];

/**
 * Loader and action errors React Router catches (the error screen shows
 * them): logged through our logger, which redacts tokens and query values
 * (app/.server/logger.ts), instead of React Router's console.error of the
 * raw error with what a user typed.
 * Aborted requests (the browser navigated away) are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const logger = (context as AppLoadContext | undefined)?.logger;
  const path = new URL(request.url).pathname;
  // A client's mistake (React Router's own 404 for a path no route matches, such as one with a line break; a 405) is
  // no server error: info, with the status and React Router's text.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger?.info("Client error", { path, status: error.status, detail: String(error.data) });
    return;
  }
  if (logger) logger.error("Unhandled error in a loader or action", { path, error });
  else console.error(error);
};
