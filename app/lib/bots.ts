import { isbot } from "isbot";

/**
 * Whether a request comes from a crawler, monitor, headless browser or HTTP library rather than a person, by its
 * User-Agent (the maintained `isbot` list): such requests are answered alike but never counted in the stats.
 */
export function isBotRequest(request: Pick<Request, "headers">): boolean {
  return isbot(request.headers.get("user-agent"));
}
