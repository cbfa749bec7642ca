import type { z } from "zod";

/**
 * The one error domain code throws: what went wrong, in words a user can
 * read, and which fields, never how it is delivered. The API turns it into
 * its JSON error shape and an HTTP status (server/api/errors.ts); page
 * actions into their form's reply with the same status (Retry-After on a 429).
 */
export const APP_ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable_entity: 422,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;
export type AppErrorStatus = (typeof APP_ERROR_STATUS)[AppErrorCode];

export interface AppErrorOptions {
  /** For too_many_requests: seconds until trying again makes sense (sent as Retry-After). */
  retryAfter?: number;
  /** A more precise machine-readable reason than the code (e.g. "email_not_verified"); the API sends it as its code. */
  reason?: string;
}

export class AppError extends Error {
  readonly retryAfter?: number;
  readonly reason?: string;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = "AppError";
    this.retryAfter = options.retryAfter;
    this.reason = options.reason;
  }

  /** The HTTP status that fits, for deliveries that speak HTTP. */
  get status(): AppErrorStatus {
    return APP_ERROR_STATUS[this.code];
  }

  static fromStatus(status: number, message: string, fields?: Record<string, string>) {
    const code =
      (Object.keys(APP_ERROR_STATUS) as AppErrorCode[]).find((c) => APP_ERROR_STATUS[c] === status) ?? "bad_request";
    return new AppError(code, message, fields);
  }
}

/**
 * An AppError, also one thrown by a boot-time service (server/services.ts): the
 * server bundle and the React Router build each carry their own copy of this
 * class, so `instanceof` alone misses the other copy's errors.
 */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError || (error instanceof Error && error.name === "AppError" && "code" in error);
}

export const UNKNOWN_FIELD = "Unknown field.";

/**
 * Flattens zod issues into { "field.path": "message" } (first message per
 * field); a strict object's unknown keys are named one by one.
 */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[[...issue.path, key].join(".")] ??= UNKNOWN_FIELD;
      continue;
    }
    const key = issue.path.length ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A one-line summary of zodFields for a notice: the unknown fields, or the first problem. */
export function fieldsSummary(fields: Record<string, string>): string {
  const unknown = Object.entries(fields)
    .filter(([, m]) => m === UNKNOWN_FIELD)
    .map(([k]) => k);
  if (unknown.length) return `Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}.`;
  return Object.values(fields)[0] ?? "Some fields are invalid.";
}

/** A 400 naming each invalid field. */
export function validationError(error: z.ZodError, message = "Some fields are invalid.") {
  return new AppError("bad_request", message, zodFields(error));
}
