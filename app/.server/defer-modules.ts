import { Transform } from "node:stream";

/**
 * Starts the route's JavaScript after the first paint, by rewriting the document as it streams out of React.
 *
 * React Router's `<Scripts />` renders a `<link rel="modulepreload">` for every module of the matched routes (React 19
 * hoists them into the head, ahead of the stylesheet) and an inline `<script type="module">` that imports the routes
 * and the client entry. Chromium fetches all of it at High priority while the page is still waiting for its
 * stylesheet, and Lighthouse's simulation (Lantern) counts every request that finished before the observed paint as
 * holding that paint up: 180–200 KB of JavaScript on slow 4G, which made mobile LCP about 3 s. Here:
 *
 * - the head's modulepreload links go into an inert `<template id="near-modules">` at the end of the head (as React
 *   Router rendered them, nonce included), so nothing but the document and the stylesheet is requested before the
 *   first paint;
 * - the module script becomes inert (`type="near/module"`), and a small inline script right after it, once the page
 *   has painted (the browser's first-contentful-paint entry; two animation frames where there is no paint timing; at
 *   once in a hidden tab, which doesn't paint), puts the preload links into the head and runs the module script's
 *   code as a module.
 *   The links still announce every module at once, so nested chunks load in parallel, not one import after another.
 *
 * React hydrates the inert script as React Router's (same element, in place; its body's children tolerate the extra
 * script). Only the shell up to the module script is scanned (as latin1: the patterns are ASCII, so UTF-8 passes
 * through byte for byte); the rest streams untouched. Every tag keeps this request's nonce where React wrote it (the
 * page cache cuts the body at the nonce and puts each answer's own back). See docs/performance.md.
 */
export function deferModuleScripts(options: { onEnd?: () => void } = {}): Transform {
  let phase: "head" | "body" | "done" = "head";
  let pending = "";
  let scanned = 0;
  // React writes a page in a few hundred small chunks; every chunk downstream costs a web-stream read, a pass of the
  // compressor and its promise hops. What React writes in one go leaves as one buffer, on the next turn of the event
  // loop; later writes (a Suspense boundary that resolves) still stream as they come. See docs/performance.md.
  const held: Uint8Array[] = [];
  let scheduled = false;
  const stream = new Transform({
    transform(chunk: Uint8Array | string, _encoding, callback) {
      const bytes =
        typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (phase === "done") {
        emit(bytes);
        return callback();
      }
      pending += bytes.toString("latin1");
      const out: string[] = [];
      if (phase === "head") {
        const end = pending.indexOf(HEAD_END);
        if (end === -1) {
          if (pending.length <= MAX_SCAN) return callback();
          // No head in sight: not a document this applies to.
          return finish(callback, pending);
        }
        const head = rewriteHead(pending.slice(0, end));
        out.push(head.html);
        pending = pending.slice(end);
        if (!head.moved) return finish(callback, out.join("") + pending);
        phase = "body";
      }
      const script = findModuleScript(pending);
      if (script) {
        out.push(
          pending.slice(0, script.start),
          rewriteModuleScript(script.tag),
          pending.slice(script.start + script.tag.length),
        );
        return finish(callback, out.join(""));
      }
      // Send what can't be the start of the module script; keep an unfinished tag (or the script itself) for later.
      const hold = holdFrom(pending);
      out.push(pending.slice(0, hold));
      pending = pending.slice(hold);
      scanned += hold;
      if (scanned > MAX_SCAN) return finish(callback, out.join("") + pending);
      const text = out.join("");
      if (text) emit(Buffer.from(text, "latin1"));
      callback();
    },
    flush(callback) {
      // A body that ended before the head did, or without the module script (an aborted render): sent as it came.
      if (phase !== "done" && pending) emit(Buffer.from(pending, "latin1"));
      pending = "";
      release();
      options.onEnd?.();
      callback();
    },
  });
  return stream;

  function emit(data: Uint8Array) {
    if (!data.length) return;
    held.push(data);
    if (!scheduled) {
      scheduled = true;
      setImmediate(release);
    }
  }

  function release() {
    scheduled = false;
    if (!held.length) return;
    stream.push(held.length === 1 ? held[0] : Buffer.concat(held));
    held.length = 0;
  }

  function finish(callback: () => void, text: string) {
    phase = "done";
    pending = "";
    emit(Buffer.from(text, "latin1"));
    callback();
  }
}
const HEAD_END = "</head>";
/** How far to look for the head's end and the module script before giving up (a shell is about 100 KB). */
const MAX_SCAN = 1024 * 1024;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const MODULE_OPEN = /^<script\b[^>]*\btype="module"[^>]*>/;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>[\s\S]*?<\/script>/;
export const PRELOADS_TEMPLATE_ID = "near-modules";
export const INERT_MODULE_TYPE = "near/module";

/**
 * Runs after the inert module script (its previous sibling) is parsed: once the page has painted, the preload links go
 * into the head and the script's code runs as a module with the same nonce. The paint is the first-contentful-paint
 * entry (reported once the frame is on screen: an animation frame alone can run before it is shown, and a busy phone
 * can take a while to show it); without paint timing, two animation frames (a page waiting for its stylesheet runs
 * none); in a tab that is or becomes hidden (it doesn't paint), at once. Kept tiny, no dependencies.
 */
export const START_MODULES_SCRIPT = `(function(d,w){var s=d.currentScript,p=s.previousElementSibling,t=d.getElementById("${PRELOADS_TEMPLATE_ID}"),done=0;function go(){if(done)return;done=1;if(t)d.head.appendChild(d.importNode(t.content,true));var m=d.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=p.textContent;d.body.appendChild(m)}function later(){setTimeout(go,0)}if(d.visibilityState==="hidden")return go();d.addEventListener("visibilitychange",go,{once:true});var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l){if(l.getEntriesByName("first-contentful-paint").length)later()}).observe({type:"paint",buffered:true})}else requestAnimationFrame(function(){requestAnimationFrame(later)})})(document,window)`;

/** The head's HTML (without "</head>") with its modulepreload links moved into an inert template at its end. */
export function rewriteHead(head: string): { html: string; moved: boolean } {
  const preloads: string[] = [];
  const rest = head.replace(MODULE_PRELOAD, (tag) => {
    preloads.push(tag);
    return "";
  });
  if (!preloads.length) return { html: head, moved: false };
  return { html: `${rest}<template id="${PRELOADS_TEMPLATE_ID}">${preloads.join("")}</template>`, moved: true };
}

function findModuleScript(html: string): { start: number; tag: string } | undefined {
  const match = MODULE_SCRIPT.exec(html);
  return match ? { start: match.index, tag: match[0] } : undefined;
}

/** `<script nonce="…" type="module" async="">code</script>` → inert, then the script that starts it after paint. */
export function rewriteModuleScript(script: string): string {
  const open = script.slice(0, script.indexOf(">") + 1);
  const nonce = /\bnonce="([^"]*)"/.exec(open)?.[1];
  const inert = open.replace(/\btype="module"/, `type="${INERT_MODULE_TYPE}"`).replace(/\s+async(="")?(?=[\s>])/, "");
  const starter = `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${START_MODULES_SCRIPT}</script>`;
  return inert + script.slice(open.length) + starter;
}

/** Where the text that might still become the module script (an unfinished `<script` tag or its body) begins. */
function holdFrom(html: string): number {
  // A module script's opening tag waiting for the rest of the script.
  const open = html.lastIndexOf("<script");
  if (open !== -1 && MODULE_OPEN.test(html.slice(open)) && !html.includes("</script>", open)) return open;
  // "<", "<s", … or "<script …" without its ">" yet.
  const last = html.lastIndexOf("<");
  if (last === -1) return html.length;
  const tail = html.slice(last);
  if ("<script".startsWith(tail) || (/^<script\b/.test(tail) && !tail.includes(">"))) return last;
  return html.length;
}
