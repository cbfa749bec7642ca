import { data } from "react-router";
import type { Route } from "./+types/test-error";

/** Throws an unhandled error when TEST_HOOKS=true (end-to-end tests of the 500 screen); 404 otherwise. */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.config.TEST_HOOKS) throw data(null, { status: 404 });
  throw new Error("Deliberate test failure");
}

export default function TestError() {
  return null;
}
