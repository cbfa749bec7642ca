import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

/**
 * The one error shape of /api/v1:
 *   { "error": { "code": "bad_request", "message": "…", "fields": { "q": "…" } } }
 * An API error is never an HTML page or a stack trace.
 */
export const ERROR_CODES = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "unprocessable_entity",
  429: "too_many_requests",
  500: "internal_error",
  503: "service_unavailable",
} as const;

export type ApiErrorStatus = keyof typeof ERROR_CODES;

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export class ApiError extends Error {
  constructor(
    readonly status: ApiErrorStatus,
    message: string,
    readonly fields?: Record<string, string>,
    readonly code: string = ERROR_CODES[status],
  ) {
    super(message);
    this.name = "ApiError";
  }

  toJSON(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

/** Flattens zod issues into { "field.path": "message" } (first message per field). */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: z.ZodError, message = "Some fields are invalid.") {
  return new ApiError(400, message, zodFields(error));
}

export function errorResponse(c: Context, error: ApiError) {
  return c.json(error.toJSON(), error.status as ContentfulStatusCode);
}
