import type { ComponentProps } from "react";
import { deferredComponent } from "~/lib/deferred-component";

/**
 * The 404 and error screens, out of every page's first load (docs/performance.md): the server renders them as
 * usual; in the browser their code comes after the first load, or at once when an error shows up there.
 */
const NotFound = deferredComponent(() => import("./error-screens").then((m) => m.NotFoundScreen));
const Failure = deferredComponent(() => import("./error-screens").then((m) => m.ErrorScreen));
const Missing = deferredComponent(() => import("./error-screens").then((m) => m.MissingScreen));

// The screens fill the page's height like the sections they render (flex-1).
const FILL = "flex flex-1 flex-col";

export function NotFoundScreen() {
  return <NotFound.Component className={FILL} />;
}

export function ErrorScreen({ status }: { status?: number }) {
  return <Failure.Component status={status} className={FILL} />;
}

export function MissingScreen(props: Omit<ComponentProps<typeof Missing.Component>, "className">) {
  return <Missing.Component {...props} className={FILL} />;
}
