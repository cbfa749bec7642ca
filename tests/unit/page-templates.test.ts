import { gunzipSync } from "node:zlib";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  createPageTemplates,
  fillTemplate,
  splitTemplate,
  tokenizeData,
  tokenizeHandoff,
  type DataPath,
} from "~/.server/page-templates";
import { initials, isPersonalPath, personalStrings } from "~/features/auth/root.server";
import { escapeHtml } from "~/lib/html";

/** The pieces of signed-in page templates (app/.server/page-templates.ts); the whole is in tests/integration. */
const PREFIX = "qabc";
const TOKENS = ["qabc00", "qabc01"];
const VALUES = ["Ada", "ada@example.com"];
const userPaths = (path: DataPath) => path.at(-2) === "user";

describe("tokenizeData", () => {
  it("replaces the reader's strings at allowed paths, copying only what changes", () => {
    const shared = { list: [1, 2, 3], when: new Date(0) };
    const data = { root: { user: { name: "Ada", email: "ada@example.com", n: 1 } }, page: shared };
    const result = tokenizeData(data, VALUES, TOKENS, PREFIX, userPaths);
    expect(result).toEqual({
      data: { root: { user: { name: "qabc00", email: "qabc01", n: 1 } }, page: shared },
    });
    expect((result as { data: typeof data }).data.page).toBe(shared);
    expect(data.root.user.name).toBe("Ada");
  });

  it("says why when the strings are elsewhere, are keys, or the data can't be compared", () => {
    const skip = (data: unknown) => (tokenizeData(data, VALUES, TOKENS, PREFIX, userPaths) as { skip?: string }).skip;
    expect(skip({ review: { author: "Ada" } })).toBe("personal value at review.author");
    expect(skip({ votes: { Ada: true } })).toBe("personal value as a key");
    expect(skip({ tags: new Set(["Ada"]) })).toBe("not plain data at tags");
    expect(skip({ later: Promise.resolve(1) })).toBe("not plain data at later");
    expect(skip({ text: "see qabc00 here" })).toBe("token in data");
    expect(skip({ items: ["x", "Ada"] })).toBe("personal value at items.1");
    expect(skip({ user: { name: "Ada" }, null: null, n: 1, b: false, u: undefined })).toBeUndefined();
  });
});

describe("tokenizeHandoff", () => {
  const line = JSON.stringify([{ _1: 2 }, "user", { _3: 4 }, "name", "Ada", 4.5, ["D", 0], "ada@example.com"]);
  it("replaces whole string entries and leaves the rest byte for byte", () => {
    expect(tokenizeHandoff(`${line}\n`, VALUES, TOKENS)).toBe(
      `${JSON.stringify([{ _1: 2 }, "user", { _3: 4 }, "name", "qabc00", 4.5, ["D", 0], "qabc01"])}\n`,
    );
    expect(tokenizeHandoff(`${line}\n`, ["Nobody"], ["qabc00"])).toBe(`${line}\n`);
  });
  it("leaves strings inside an entry's own array alone (a Date's tag), and escaped quotes in other strings", () => {
    const dated = JSON.stringify([{ _1: 2 }, "initials", "D", ["D", 0], 'say ,"D", twice', "D"]);
    expect(tokenizeHandoff(dated, ["D"], ["qabc00"])).toBe(
      JSON.stringify([{ _1: 2 }, "initials", "qabc00", ["D", 0], 'say ,"D", twice', "qabc00"]),
    );
    expect((tokenizeData({ at: new Date(NaN) }, VALUES, TOKENS, PREFIX, userPaths) as { skip: string }).skip).toBe(
      "invalid date at at",
    );
  });
  it("refuses a stream with deferred values after the first line", () => {
    expect(tokenizeHandoff(`${line}\nP5:[1]\n`, VALUES, TOKENS)).toBeNull();
  });
});

describe("splitTemplate and fillTemplate", () => {
  const enqueue = (s: string) =>
    `<script nonce="N0">window.__reactRouterContext.streamController.enqueue(${s});</script>`;
  it("fills text, attributes and React Router's script each with its own escaping, and the nonce", () => {
    const html = `<p title="qabc00">qabc00 qabc01</p>${enqueue('"[\\"qabc00\\"]"')}`;
    const template = splitTemplate(html, PREFIX, "N0", 0)!;
    const name = `A "b" <c> & 'd' \u2028`;
    const filled = Buffer.from(fillTemplate(template, [name, "e@x"], "n1", false)).toString();
    const text = escapeHtml(name);
    expect(filled).toContain(`<p title="${text}">${text} e@x</p>`);
    // The same as React's own escaping of text and attributes.
    expect(renderToStaticMarkup(createElement("p", { title: name }, name))).toBe(`<p title="${text}">${text}</p>`);
    const script = /enqueue\((.*)\);/.exec(filled)![1]!;
    expect(script).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(JSON.parse(script) as string)).toEqual([name]);
    expect(filled).toContain('nonce="n1"');
    const gzip = gunzipSync(Buffer.from(fillTemplate(template, [name, "e@x"], "n1", true))).toString();
    expect(gzip).toBe(filled);
  });

  it("refuses a token inside any other inline script", () => {
    expect(splitTemplate(`<script type="application/ld+json">{"a":"qabc00"}</script>`, PREFIX, "", 0)).toBeNull();
    expect(splitTemplate(`<script>1</script><p>qabc00</p>`, PREFIX, "", 0)).not.toBeNull();
  });
});

describe("the store", () => {
  it("keeps templates for the TTL, drops them on clear, and keeps nothing rendered before a clear", () => {
    let now = 0;
    const store = createPageTemplates({ ttlSeconds: 10, now: () => now });
    const template = splitTemplate("<p>x</p>", store.prefix, "", 0)!;
    store.set("a", template, store.generation());
    expect(store.get("a")).toBe(template);
    now = 10_000;
    expect(store.get("a")).toBeUndefined();
    const before = store.generation();
    store.clear();
    store.set("b", template, before);
    expect(store.get("b")).toBeUndefined();
    expect(store.token(3)).toBe(`${store.prefix}03`);
    expect(createPageTemplates({ ttlSeconds: 0 }).enabled).toBe(false);
  });

  it("drops the least recently used beyond its bounds", () => {
    const store = createPageTemplates({ ttlSeconds: 10, maxEntries: 2 });
    const template = splitTemplate("<p>x</p>", store.prefix, "", 0)!;
    for (const key of ["a", "b"]) store.set(key, template, store.generation());
    store.get("a");
    store.set("c", template, store.generation());
    expect([store.get("a"), store.get("b"), store.get("c")]).toEqual([template, undefined, template]);
  });
});

describe("the reader's strings", () => {
  it("are the user's id, name, address and initials, told apart", () => {
    const user = { id: "u1", name: "Ada Byron King", email: "ada@example.com", initials: "AK", isAdmin: false };
    expect(personalStrings({ user })).toEqual(["u1", "Ada Byron King", "ada@example.com", "AK"]);
    expect(personalStrings({ user: null })).toBeNull();
    expect(personalStrings({ user: { ...user, name: "" } })).toBeNull();
    expect(personalStrings({ user: { ...user, name: "ada@example.com" } })).toBeNull();
    expect(initials("Ada Byron King", "x")).toBe("AK");
    expect(initials("", "zed@example.com")).toBe("Z");
    expect(isPersonalPath(["loaderData", "root", "user", "email"])).toBe(true);
    expect(isPersonalPath(["loaderData", "routes/business", "reviews", "viewer", "name"])).toBe(true);
    expect(isPersonalPath(["loaderData", "routes/business", "reviews", "items", 0, "author"])).toBe(false);
  });
});
