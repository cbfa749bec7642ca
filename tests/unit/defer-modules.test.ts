import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferModuleScripts, rewriteHead, START_MODULES_SCRIPT } from "~/.server/defer-modules";

/** A document shaped like React Router's (React 19 hoists the modulepreload links ahead of the stylesheet). */
const N = "abc123+/==";
const MODULE_CODE = `import * as route0 from "/assets/root-1.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry-1.js");`;
const DOC =
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Café — Near</title>` +
  `<link rel="modulepreload" href="/assets/entry-1.js" nonce="${N}"/>` +
  `<link rel="modulepreload" href="/assets/root-1.js" nonce="${N}"/>` +
  `<script nonce="${N}">document.documentElement.classList.add("js")</script>` +
  `<link nonce="${N}" rel="stylesheet" href="/assets/root.css"/></head>` +
  `<body><h1>Crêpes & café ☕</h1><script type="application/ld+json">{"a":"<\\/script>"}</script>` +
  `<script nonce="${N}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${N}" type="module" async="">${MODULE_CODE}</script>` +
  `<!--$--><script nonce="${N}">window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>`;

async function through(chunks: Buffer[]): Promise<string> {
  let ended = 0;
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(deferModuleScripts({ onEnd: () => void ended++ }));
  for await (const chunk of stream) out.push(chunk as Buffer);
  expect(ended).toBe(1);
  return Buffer.concat(out).toString("utf8");
}

/** Cuts the bytes everywhere, including inside multi-byte characters and tags. */
function split(bytes: Buffer, size: number): Buffer[] {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return parts;
}

const EXPECTED =
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Café — Near</title>` +
  `<script nonce="${N}">document.documentElement.classList.add("js")</script>` +
  `<link nonce="${N}" rel="stylesheet" href="/assets/root.css"/>` +
  `<template id="near-modules"><link rel="modulepreload" href="/assets/entry-1.js" nonce="${N}"/>` +
  `<link rel="modulepreload" href="/assets/root-1.js" nonce="${N}"/></template></head>` +
  `<body><h1>Crêpes & café ☕</h1><script type="application/ld+json">{"a":"<\\/script>"}</script>` +
  `<script nonce="${N}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${N}" type="near/module">${MODULE_CODE}</script>` +
  `<script nonce="${N}">${START_MODULES_SCRIPT}</script>` +
  `<!--$--><script nonce="${N}">window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>`;

describe("deferModuleScripts (the route's JavaScript after the first paint)", () => {
  it("moves the preload links into an inert template and makes the module script start after paint", async () => {
    expect(await through([Buffer.from(DOC)])).toBe(EXPECTED);
  });

  it("gives the same bytes however the stream is cut", async () => {
    const bytes = Buffer.from(DOC);
    for (const size of [1, 2, 3, 7, 64, 500])
      expect(await through(split(bytes, size)), `chunks of ${size}`).toBe(EXPECTED);
  });

  it("leaves a document without modulepreload links alone", async () => {
    const plain = `<!DOCTYPE html><html><head><title>é</title></head><body><script type="module">x()</script></body></html>`;
    expect(await through(split(Buffer.from(plain), 5))).toBe(plain);
    expect(rewriteHead("<title>x</title>")).toEqual({ html: "<title>x</title>", moved: false });
  });

  it("passes on a body that ends early unchanged after the head", async () => {
    const cut = DOC.slice(0, DOC.indexOf(`<script nonce="${N}" type="module"`) + 20);
    const out = await through(split(Buffer.from(cut), 9));
    expect(out).toContain('<template id="near-modules">');
    expect(out.endsWith(cut.slice(cut.indexOf("<body>")))).toBe(true);
  });

  it("keeps the nonce on the starter script and no literal nonce in its code", () => {
    // It copies the nonce from its own element (the page cache swaps the nonce attributes only).
    expect(START_MODULES_SCRIPT).not.toMatch(/nonce="/);
    expect(START_MODULES_SCRIPT).toContain("m.nonce=s.nonce");
    expect(EXPECTED.match(/nonce="([^"]+)"/g)!.every((m) => m === `nonce="${N}"`)).toBe(true);
  });

  it("sends what React writes in one go as one buffer, and what it writes later as it comes", async () => {
    const stream = deferModuleScripts();
    const received: string[] = [];
    stream.on("data", (chunk: Buffer) => received.push(chunk.toString("utf8")));
    const body = Buffer.from(DOC.slice(0, DOC.indexOf("<!--$-->")));
    // The shell in 200 small writes within one turn of the event loop…
    for (const part of split(body, Math.ceil(body.length / 200))) stream.write(part);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(received).toHaveLength(1);
    // …then a boundary that resolved later, in three writes.
    for (const part of ["<!--$-->", "<p>late</p>", "<!--/$--></body></html>"]) stream.write(Buffer.from(part));
    stream.end();
    await new Promise((r) => stream.on("end", r).resume());
    expect(received).toHaveLength(2);
    expect(received[1]).toBe("<!--$--><p>late</p><!--/$--></body></html>");
    expect(received[0]).toContain('<template id="near-modules">');
  });
});
