import type { HeadersArgs } from "react-router";

/**
 * A route's `headers` for pages whose action can answer 429: React Router sends only the cookies of an action's
 * headers with a document unless the route names more, so a form posted without JavaScript lost its Retry-After
 * (a `.data` answer has it already). The parent's headers pass through as they would without this export.
 */
export function retryAfterHeaders({ parentHeaders, actionHeaders, errorHeaders }: HeadersArgs) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
