import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The methods a page route (and its `.data` twin) answers: GET and HEAD, POST when it has an action, and OPTIONS. React
 * Router runs a route's loader for OPTIONS on a resource route or a `.data` URL (`OPTIONS /account/export` returned
 * the export), and runs actions for PUT, PATCH and DELETE though no page sends them; the Hono app answers the rest
 * itself (server/http/app.ts): OPTIONS with 204 and `Allow`, anything else with 405 and `Allow`.
 */
export function pageMethods(build: ServerBuild) {
  const routes = build.routes;
  const tree = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((r) => r && r.parentId === parentId)
      .map(
        (r) =>
          ({
            id: r!.id,
            path: r!.path,
            index: r!.index,
            caseSensitive: r!.caseSensitive,
            children: tree(r!.id),
          }) as RouteObject,
      );
  const table = tree(undefined);
  return (pathname: string): string[] => {
    // A client navigation's data request: /_root.data for "/", /x.data for /x.
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const leaf = matchRoutes(table, page, build.basename)?.at(-1)?.route;
    const hasAction = leaf?.id !== undefined && typeof routes[leaf.id]?.module.action === "function";
    return hasAction ? ["GET", "HEAD", "POST", "OPTIONS"] : ["GET", "HEAD", "OPTIONS"];
  };
}
