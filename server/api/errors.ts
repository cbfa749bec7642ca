import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "~/lib/app-error";

/**
 * The one error shape of /api/v1:
 *   { "error": { "code": "bad_request", "message": "…", "fields": { "q": "…" } } }
 * Domain code throws AppError (app/lib/app-error.ts); this maps it to that
 * shape and its HTTP status. An API error is never an HTML page or a stack trace.
 */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function errorBody(error: AppError): ApiErrorBody {
  return {
    error: {
      code: error.reason ?? error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
}

export function errorResponse(c: Context, error: AppError) {
  if (error.retryAfter) c.header("Retry-After", String(error.retryAfter));
  return c.json(errorBody(error), error.status as ContentfulStatusCode);
}

export { AppError };
