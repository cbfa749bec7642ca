import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "~/lib/html";

describe("escapeHtml", () => {
  it("escapes text and attribute values exactly as React renders them", () => {
    for (const value of [`Zoë "O'Brien" <script>alert(1)</script> & co`, "plain", "a&amp;b", "'\"<>&"]) {
      const rendered = renderToStaticMarkup(createElement("p", { title: value }, value));
      expect(rendered).toBe(`<p title="${escapeHtml(value)}">${escapeHtml(value)}</p>`);
    }
  });

  it("leaves nothing that opens a tag, an entity or ends an attribute", () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      "&lt;img src=x onerror=&quot;a(&#x27;b&#x27;)&quot;&gt;&amp;",
    );
  });
});
