import type { Context, Env, MiddlewareHandler } from "hono";

/** The error a handler's body read fails with once the limit is crossed. */
export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
  constructor(readonly maxSize: number) {
    super(`The request body is larger than ${maxSize} bytes.`);
  }
}

/**
 * Bounds a request body while it streams. A Content-Length over the limit is
 * refused at once; otherwise the body is handed on unread, and the read that
 * crosses the limit fails (then the response is onError's, whatever the
 * handler made of the failed read).
 *
 * Unlike hono/body-limit, which reads a body without Content-Length (chunked)
 * into memory before the handler runs, nothing is read here unless the
 * handler reads it: a request refused before its body is read (not signed in,
 * not the listing's owner, no room in the plan) costs nothing.
 */
export function streamingBodyLimit<E extends Env>(options: {
  maxSize: number;
  onError: (c: Context<E>) => Response | Promise<Response>;
}): MiddlewareHandler<E> {
  const { maxSize, onError } = options;
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding") && Number(declared) > maxSize) return onError(c);

    let size = 0;
    let exceeded = false;
    const reader = raw.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      // Pull-based: a chunk is read from the client only when the handler asks for one.
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        size += value.byteLength;
        if (size > maxSize) {
          exceeded = true;
          controller.error(new BodyTooLargeError(maxSize));
          await reader.cancel().catch(() => {});
          return;
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    c.req.raw = new Request(raw, { body, duplex: "half" } as RequestInit);
    await next();
    if (exceeded) c.res = await onError(c);
  };
}
