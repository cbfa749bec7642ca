import { describe, expect, it } from "vitest";
import { readingMinutes, renderMarkdown } from "~/features/blog/markdown";
import { safeLinkHref as safeHref } from "~/lib/urls";

describe("blog Markdown", () => {
  it("renders headings, emphasis, lists, quotes and code", () => {
    const html = renderMarkdown("## Hello\n\nSome **bold** and *italic*.\n\n- one\n- two\n\n> quoted\n\n`code`");
    expect(html).toContain("<h2>Hello</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<code>code</code>");
  });

  it("shows raw HTML as text: a script never runs", () => {
    const html = renderMarkdown(
      'Hi <script>alert("x")</script>\n\n<img src=x onerror="alert(1)">\n\n<div onclick="x()">d</div>',
    );
    expect(html).not.toMatch(/<script|<img|<div|onerror="|onclick="/i);
    expect(html).toContain("&lt;script&gt;alert(");
    expect(html).toContain("&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("keeps only safe links and our own images", () => {
    const html = renderMarkdown(
      "[bad](javascript:alert(1)) [data](data:text/html,x) [ok](https://example.com) [here](/pricing) [mail](mailto:a@b.c) ![pic](https://evil.example/x.png) ![ours](/media/a.webp)",
    );
    expect(html).not.toMatch(/javascript:|data:text/);
    expect(html).toContain('<a href="https://example.com/" rel="noopener noreferrer nofollow" target="_blank">ok</a>');
    expect(html).toContain('<a href="/pricing">here</a>');
    expect(html).toContain('<a href="mailto:a@b.c">mail</a>');
    expect(html).not.toContain("evil.example");
    expect(html).toContain('<img src="/media/a.webp" alt="ours" loading="lazy">');
    expect(safeHref("//evil.example")).toBeNull();
    expect(safeHref(" JavaScript:alert(1)")).toBeNull();
  });

  it("estimates reading time at about 220 words a minute", () => {
    expect(readingMinutes("short")).toBe(1);
    expect(readingMinutes(Array.from({ length: 1100 }, () => "word").join(" "))).toBe(5);
  });
});
