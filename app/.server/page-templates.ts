import { createHash, randomBytes } from "node:crypto";
import { deflatePart, gzipParts, joinParts } from "./gzip-parts";
import { escapeHtml } from "~/lib/html";

/**
 * Signed-in page templates (issue 13, docs/decisions/016-signed-in-page-templates.md): a signed-in reader's page is
 * the page every reader in the same situation sees, with their own name, address and id in it. Their data is read
 * for them on every request (the session, their counts, their review and votes, their saved businesses); what is kept
 * is React's render of a page, and only of a page whose data, with the reader's own strings taken out, is exactly the
 * data another render had. The render is done once with a placeholder (a token) where each of those strings goes;
 * each answer puts the reader's strings back, escaped as the place they land in needs (HTML text and attributes, or
 * React Router's data script).
 *
 * Why it is safe to share: the key is a hash of the page's whole data as React Router serialises it for the browser
 * (with the tokens in it), so two readers share a render only when everything the page was rendered from is the same
 * but those strings; the strings are only ever replaced where they appear whole, at paths the caller allows (a
 * `user.name`, never a review's text that happens to equal it); a page whose data holds them anywhere else, or holds
 * what can't be compared (a promise, a Map), is rendered for its reader alone. Tests compare every answer with the
 * page rendered for its reader without templates (tests/integration/page-templates.test.ts).
 *
 * Written here, not taken from a library: what makes it correct is how React escapes text and how React Router
 * serialises a page's data into its inline script, both checked by those tests.
 */

export interface PageTemplate {
  /** The rendered document's bytes between the holes. */
  parts: Buffer[];
  deflated: Buffer[];
  /** What goes between parts[i] and parts[i + 1]: the answer's nonce, or personal value `value` in its context. */
  holes: Hole[];
  storedAt: number;
  bytes: number;
}

type Hole = { kind: "nonce" } | { kind: "value"; value: number; script: boolean };

/** A path in the page's data, from the route id down: ["root", "user", "name"]. */
export type DataPath = readonly (string | number)[];

export interface TemplateOptions {
  ttlSeconds: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

/** Why a page was rendered for its reader alone (Server-Timing's `template` says it, for tests and profiling). */
export type Skip = { skip: string };

export function createPageTemplates({
  ttlSeconds,
  maxEntries = 1000,
  maxBytes = 64 * 1024 * 1024,
  now = Date.now,
}: TemplateOptions) {
  // Tokens are this prefix and two digits. Random per process: user content can't name them (and a string holding it
  // is never tokenised: the page is rendered for its reader alone).
  const prefix = `q${randomBytes(9).toString("hex")}`;
  const entries = new Map<string, PageTemplate | "none">();
  const stored = new Map<string, number>();
  const rendering = new Map<string, Promise<PageTemplate | undefined>>();
  let bytes = 0;
  let generation = 0;
  const ttlMs = ttlSeconds * 1000;

  function remove(key: string) {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    stored.delete(key);
    if (entry !== "none") bytes -= entry.bytes;
  }

  function keep(key: string, entry: PageTemplate | "none", size: number) {
    remove(key);
    entries.set(key, entry);
    stored.set(key, now());
    bytes += size;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  return {
    enabled: ttlMs > 0,
    prefix,
    token: (index: number) => `${prefix}${String(index).padStart(2, "0")}`,
    /** The template for `key`, "none" when its render couldn't be one, undefined when there is none (or it expired). */
    get(key: string): PageTemplate | "none" | undefined {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (now() - stored.get(key)! >= ttlMs) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    /** A render of `key` under way, shared by the requests that ask for it meanwhile. */
    rendering,
    generation: () => generation,
    /** Keeps a template (or "none") unless a clear() came since `renderedIn`. */
    set(key: string, entry: PageTemplate | "none", renderedIn: number) {
      if (ttlMs <= 0 || renderedIn !== generation) return;
      const size = entry === "none" ? 64 : entry.bytes;
      if (size > maxBytes / 8) return;
      keep(key, entry, size);
    },
    /** Drops every template: called with the page cache's clear (any write, any public change). */
    clear() {
      generation += 1;
      entries.clear();
      stored.clear();
      bytes = 0;
    },
    size: () => entries.size,
  };
}

export type PageTemplates = ReturnType<typeof createPageTemplates>;

/**
 * The page's data with each of `values` replaced by its token where it appears as a whole string at a path `allowed`
 * accepts, or why it can't be: a value elsewhere (or as a key), a string holding the token prefix, or something that
 * isn't plain data (only plain objects, arrays, Dates and primitives are compared).
 */
export function tokenizeData(
  data: unknown,
  values: readonly string[],
  tokens: readonly string[],
  prefix: string,
  allowed: (path: DataPath) => boolean,
): { data: unknown } | Skip {
  const path: (string | number)[] = [];
  let reason: string | null = null;
  const walk = (value: unknown): unknown => {
    if (reason) return value;
    if (typeof value === "string") {
      if (value.includes(prefix)) reason = "token in data";
      const index = values.indexOf(value);
      if (index === -1) return value;
      if (!allowed(path)) reason = `personal value at ${path.join(".")}`;
      return tokens[index];
    }
    if (value === null || typeof value !== "object") {
      if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint")
        reason = `${typeof value} at ${path.join(".")}`;
      return value;
    }
    if (value instanceof Date) {
      // React Router writes an invalid Date as the string "invalid" (see tokenizeHandoff).
      if (Number.isNaN(value.getTime())) reason = `invalid date at ${path.join(".")}`;
      return value;
    }
    if (Array.isArray(value)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < value.length && !reason; i++) {
        path.push(i);
        const next = walk(value[i]);
        path.pop();
        if (next !== value[i]) (copy ??= value.slice())[i] = next;
      }
      return copy ?? value;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      reason = `not plain data at ${path.join(".")}`;
      return value;
    }
    let copy: Record<string, unknown> | null = null;
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      if (reason) break;
      if (values.includes(key) || key.includes(prefix)) {
        reason = "personal value as a key";
        break;
      }
      path.push(key);
      const next = walk(object[key]);
      path.pop();
      if (next !== object[key]) (copy ??= { ...object })[key] = next;
    }
    return copy ?? value;
  };
  const result = walk(data);
  return reason ? { skip: reason } : { data: result };
}

/**
 * React Router's serialised page data (a turbo-stream: one JSON array per line, each string an entry of its own) with
 * each entry that is one of `values` replaced by its token; null when it isn't one line (a deferred value follows).
 * Done on the text, not by parsing and writing the line again (a page's data is tens of KB, on every request): an
 * entry is a JSON string right after a comma (the first entry is the state object) and right before a comma or the
 * closing bracket. Inside a JSON string a quote is always escaped, so `,"` never starts one there. Strings inside an
 * entry's own array (an Error's message, a URL, a RegExp) come after a comma too, but tokenizeData refused those
 * pages; a Date's `["D",…]` holds a number (an invalid one, its "invalid", is refused there as well).
 */
export function tokenizeHandoff(text: string, values: readonly string[], tokens: readonly string[]): string | null {
  const end = text.indexOf("\n");
  if (end !== -1 && text.slice(end + 1).trim()) return null;
  return values.reduce((out, value, i) => replaceEntries(out, JSON.stringify(value), JSON.stringify(tokens[i])), text);
}

function replaceEntries(text: string, quoted: string, replacement: string): string {
  let result = "";
  let from = 0;
  for (let at = text.indexOf(quoted); at !== -1; at = text.indexOf(quoted, at + 1)) {
    const after = text[at + quoted.length];
    if (text[at - 1] !== "," || (after !== "," && after !== "]")) continue;
    result += text.slice(from, at) + replacement;
    from = at + quoted.length;
  }
  return from ? result + text.slice(from) : text;
}

/** The cache key of a page: its URL, its status and its serialised data with the tokens in. */
export function templateKey(url: URL, status: number, handoff: string): string {
  return `${url.pathname}${url.search} ${status} ${createHash("sha1").update(handoff).digest("base64url")}`;
}

const STREAM_SCRIPT = "window.__reactRouterContext.streamController.enqueue(";

/**
 * Cuts a document rendered with tokens (and `nonce`) into a template; null when a token landed anywhere but HTML text,
 * an attribute or React Router's data script (another inline script, whose escaping isn't known here).
 */
export function splitTemplate(html: string, prefix: string, nonce: string, storedAt: number): PageTemplate | null {
  const pattern = new RegExp(
    `${prefix}(\\d{2})${nonce ? `|${nonce.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}` : ""}`,
    "g",
  );
  const parts: Buffer[] = [];
  const holes: Hole[] = [];
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    const at = match.index;
    parts.push(Buffer.from(html.slice(last, at)));
    last = at + match[0].length;
    if (match[1] === undefined) {
      holes.push({ kind: "nonce" });
      continue;
    }
    const open = html.lastIndexOf("<script", at);
    const inScript = open > html.lastIndexOf("</script>", at);
    if (inScript && !html.startsWith(STREAM_SCRIPT, html.indexOf(">", open) + 1)) return null;
    holes.push({ kind: "value", value: Number(match[1]), script: inScript });
  }
  parts.push(Buffer.from(html.slice(last)));
  const deflated = parts.map(deflatePart);
  const bytes = [...parts, ...deflated].reduce((n, part) => n + part.length, 0) + 64 * holes.length + 256;
  return { parts, deflated, holes, storedAt, bytes };
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * A string as it appears inside React Router's data script: JSON in the turbo-stream line, that line JSON-encoded
 * again as the script's argument, then made safe for HTML (StreamTransfer in react-router). Each step maps
 * characters one by one, so a string's encoding is the same wherever it sits in the line.
 */
export function escapeScriptString(value: string): string {
  return JSON.stringify(JSON.stringify(value).slice(1, -1))
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}

/** The template with this answer's values and nonce: the body, in gzip when `gzip`. */
export function fillTemplate(
  template: PageTemplate,
  values: readonly string[],
  nonce: string,
  gzip: boolean,
): Uint8Array<ArrayBuffer> {
  const html = values.map((v) => Buffer.from(escapeHtml(v)));
  const script = values.map((v) => Buffer.from(escapeScriptString(v)));
  const mark = Buffer.from(nonce);
  const fills = template.holes.map((hole) =>
    hole.kind === "nonce" ? mark : (hole.script ? script : html)[hole.value]!,
  );
  return gzip ? gzipParts(template.parts, template.deflated, fills) : joinParts(template.parts, fills);
}

/** The whole of a stream as text. */
export async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
    text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** A stream of one chunk. */
export function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      if (bytes.length) controller.enqueue(bytes);
      controller.close();
    },
  });
}
