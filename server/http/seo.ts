import { Hono } from "hono";
import {
  renderRobotsTxt,
  renderSitemapIndex,
  renderUrlSet,
  sitemapChildEntries,
  sitemapChildren,
} from "~/features/seo/sitemap.server";
import type { AppEnv } from "./env";

/** Crawlers fetch these often; an hour keeps them fresh enough without a query per visit. */
const CACHE = "public, max-age=3600";
const XML = "application/xml; charset=utf-8";

/**
 * /robots.txt, /sitemap.xml (the index) and /sitemaps/{name}-{page}.xml
 * (its children). HEAD gets GET's status and headers (Hono answers HEAD with
 * the GET route, without the body).
 */
export function createSeoRoutes() {
  const seo = new Hono<AppEnv>();

  seo.get("/robots.txt", (c) => {
    c.header("Cache-Control", CACHE);
    return c.text(renderRobotsTxt(c.var.services.config.publicUrl));
  });

  seo.get("/sitemap.xml", async (c) => {
    // Published listings, refreshed hourly by crawlers: the read replica may answer.
    const { config, readDb } = c.var.services;
    const children = await sitemapChildren(readDb);
    return c.body(renderSitemapIndex(config.publicUrl, children), 200, {
      "Content-Type": XML,
      "Cache-Control": CACHE,
    });
  });

  seo.get("/sitemaps/:file{[a-z]+-[0-9]{1,6}\\.xml}", async (c) => {
    const { config, readDb } = c.var.services;
    const match = /^([a-z]+)-([0-9]+)\.xml$/.exec(c.req.param("file"))!;
    const entries = await sitemapChildEntries(readDb, match[1]!, Number(match[2]));
    if (!entries) return c.text("Not found", 404);
    return c.body(renderUrlSet(config.publicUrl, entries), 200, { "Content-Type": XML, "Cache-Control": CACHE });
  });

  return seo;
}
