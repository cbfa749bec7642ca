import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  anyRole,
  badSegmentFor,
  fuzzOnly,
  fuzzRuns,
  fuzzWorld,
  hostileText,
  ORIGIN,
  plausibleFor,
  report,
  ROLES,
  storedTooLong,
  sweepValues,
  type FuzzWorld,
  type Role,
} from "../support/fuzz";
import { routeTableBuild, type TableRoute } from "../support/route-table-build";

/**
 * Issue 37, "make the class impossible", for the pages: every route of app/routes.ts (the real modules around the
 * real entry.server) is loaded as a visitor, a customer, an owner and an admin, as a document and as a `.data`
 * request, with hostile path parameters and query values (NUL and control characters, padding, extreme numbers,
 * impossible dates, malformed ids, forged cursors); every form those pages render is posted back with one field made
 * hostile, as a form post and as a `.data` submission; routes with an action get blind posts too. No answer may be a
 * 5xx or log an error, and no stored text may be longer than its limit. FUZZ_SEED, FUZZ_RUNS, FUZZ_ONLY:
 * docs/security.md.
 */

const { build, routes } = await routeTableBuild();
const RUNS = fuzzRuns(4);
const FORM_RUNS = fuzzRuns(3);
const timeout = (runs: number) => 60_000 + runs * 4_000;

let world: FuzzWorld;
beforeAll(async () => {
  world = await fuzzWorld({ build });
});
let restoreConsole = () => {};
beforeEach(() => {
  restoreConsole = world.recordConsoleErrors();
});
afterEach(() => restoreConsole());
afterAll(async () => {
  world?.printSummary();
  await world?.cleanup();
});

function expectNoFindings(target: string) {
  const found = world.findings.filter((f) => f.target === target);
  if (found.length) expect.fail(report(found));
}

// ---------------------------------------------------------------------------------------------------------------
// What the source and the pages say a route reads

const APP = path.resolve("app");
/** `x.get("name")`, `.getAll("name")`, `.has("name")`: the search parameters and form fields code reads. */
function namesIn(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/\.(?:get|getAll|has)\("([A-Za-z_][\w-]*)"\)/g)].map((m) => m[1]!);
}
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
}
const EVERY_NAME = [...new Set(sourceFiles(APP).flatMap(namesIn))];
function routeFiles(route: TableRoute) {
  const file = path.join(APP, route.file);
  return [file, file.replace(/\.tsx?$/, ".server.ts")];
}
/** The intents a route's action tells apart (`intent === "x"`, `case "x":`). */
function intentsOf(route: TableRoute): string[] {
  const text = routeFiles(route)
    .filter((f) => fs.existsSync(f))
    .map((f) => fs.readFileSync(f, "utf8"))
    .join("\n");
  return [...new Set([...text.matchAll(/intent\s*===\s*"([\w-]+)"|case\s+"([\w-]+)":/g)].map((m) => m[1] ?? m[2]!))];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: " " };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!);
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) out[m[1]!.toLowerCase()] = decode(m[2] ?? "");
  return out;
}

interface Field {
  name: string;
  type: string;
  /** The value the page put there, or the options of a select or radio group (the selected one first). */
  values: string[];
  required: boolean;
}
interface PageForm {
  method: "get" | "post";
  /** Path and query of the action. */
  action: string;
  multipart: boolean;
  fields: Field[];
  submits: [string, string][];
}

/** What a person would send in a field: what the page put there, or a plausible value where a required one is empty. */
const validValue = (f: Field, v: string) =>
  v !== ""
    ? v
    : f.type === "select"
      ? (f.values.find((o) => o !== "") ?? "")
      : f.required
        ? (plausibleFor(f.name)[0] ?? "fuzz")
        : "";

/** The forms of a rendered page, with their fields and submit buttons (React's markup is regular enough for this). */
function formsIn(html: string, page: URL): PageForm[] {
  const forms: PageForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const form = attributes(m[1]!);
    // Controls elsewhere on the page that belong to this form through form="id".
    const outside = form.id
      ? [...html.matchAll(new RegExp(`<(?:input|textarea|select|button)\\b[^>]*\\bform="${form.id}"[^>]*>`, "g"))]
          .map((x) => x[0])
          .join("")
      : "";
    const inner = m[2]! + outside;
    const fields = new Map<string, Field>();
    const submits: [string, string][] = [];
    const add = (name: string, type: string, value: string, { first = false, required = false } = {}) => {
      const field = fields.get(name) ?? { name, type, values: [], required };
      if (!field.values.includes(value)) field.values[first ? "unshift" : "push"](value);
      fields.set(name, field);
    };
    for (const [, tag] of inner.matchAll(/<input\b([^>]*?)\/?>/g)) {
      const a = attributes(tag!);
      const type = (a.type ?? "text").toLowerCase();
      if (!a.name) continue;
      if (type === "submit" || type === "image") submits.push([a.name, a.value ?? ""]);
      else if (type === "checkbox" || type === "radio") {
        if ("checked" in a) add(a.name, type, a.value ?? "on", { first: true });
      } else add(a.name, type, a.value ?? "", { required: "required" in a });
    }
    for (const [, tag, text] of inner.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
      const a = attributes(tag!);
      if (a.name) add(a.name, "textarea", decode(text!), { required: "required" in a });
    }
    for (const [, tag, options] of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const a = attributes(tag!);
      if (!a.name) continue;
      for (const [, o, label] of options!.matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)) {
        const option = attributes(o!);
        add(a.name, "select", option.value ?? decode(label!), { first: "selected" in option });
      }
    }
    for (const [, tag] of inner.matchAll(/<button\b([^>]*)>/g)) {
      const a = attributes(tag!);
      if ((a.type ?? "submit") === "submit" && a.name) submits.push([a.name, a.value ?? ""]);
    }
    const target = new URL(form.action || page.pathname + page.search, page);
    if (target.origin !== page.origin) continue;
    forms.push({
      method: form.method?.toLowerCase() === "post" ? "post" : "get",
      action: target.pathname + target.search,
      multipart: form.enctype === "multipart/form-data" || [...fields.values()].some((f) => f.type === "file"),
      fields: [...fields.values()],
      submits,
    });
  }
  return forms;
}

/** The query parameters of links back to the same page: names and values the page itself uses. */
function linkQueries(html: string, page: URL): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
    const url = new URL(decode(href!), page);
    if (url.origin === page.origin && url.pathname === page.pathname) pairs.push(...url.searchParams);
  }
  return pairs;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** A form's action with its ids and the fixtures' slugs as `:id`, for telling one form from another. */
const template = (action: string) =>
  action.replace(UUID, ":id").replace(/bean-there-cafe|dill-deli|corner-shop|pending-place|fuzz-post/g, ":id");

// ---------------------------------------------------------------------------------------------------------------
// Discovery: each route's page as each role, with valid parameters

const paramNames = (route: TableRoute) => [...route.pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");
const SPLAT = ["nope", "x/y/z", "business", "api-nope/deeper"];
const validParams = (route: TableRoute, name: string) =>
  name === "*" ? SPLAT : world.pools.idsFor(name, route.pattern).slice(0, 3);
function pathOf(route: TableRoute, params: Record<string, string>) {
  return `/${route.pattern.replace(/:(\w+)|\*/g, (_, n: string | undefined) => params[n ?? "*"] ?? "x")}`;
}

interface Discovered {
  /** Query names and the values seen for them (links, GET forms); source names have plausible values. */
  query: Map<string, Set<string>>;
  /** POST forms, each with the roles that were shown it. */
  forms: Map<string, { form: PageForm; roles: Set<Role> }>;
  /** The role shown the most of the page (the largest 200): the sweep's. */
  role: Role;
}
const discovered = new Map<string, Promise<Discovered>>();

function discover(route: TableRoute): Promise<Discovered> {
  const cached = discovered.get(route.id);
  if (cached) return cached;
  const work = (async () => {
    const query = new Map<string, Set<string>>();
    const note = (name: string, value: string) => query.set(name, (query.get(name) ?? new Set()).add(value));
    for (const name of routeFiles(route).flatMap(namesIn)) for (const v of plausibleFor(name)) note(name, v);
    const forms = new Map<string, { form: PageForm; roles: Set<Role> }>();
    // Each role, and for a route with a parameter each of its first three real values (a claim form shows only on
    // a listing nobody owns, an edit form only on one's own).
    const names = paramNames(route);
    const firsts = names.length ? validParams(route, names[0]!) : [""];
    const hrefs = firsts.map((first) =>
      pathOf(route, Object.fromEntries(names.map((n, i) => [n, i === 0 ? first : (validParams(route, n)[0] ?? "x")]))),
    );
    let run = 0;
    let best: Role = "visitor";
    let largest = -1;
    // The other values for the owner only: the forms that need them are an owner's (claim, edit).
    for (const [h, href] of hrefs.entries())
      for (const role of h ? (["owner"] as const) : ROLES) {
        await world.restore();
        // The discovery requests are checked like the others.
        const res = await world.send(`GET ${route.pattern || "/"}`, ++run, role, href);
        const html = res.text;
        if (res.status === 200 && html.length > largest) [best, largest] = [role, html.length];
        if (!res.type.includes("text/html")) continue;
        const page = new URL(href, ORIGIN);
        for (const [k, v] of linkQueries(html, page)) note(k, v);
        for (const form of formsIn(html, page)) {
          if (form.method === "get") {
            if (new URL(form.action, ORIGIN).pathname === page.pathname)
              for (const f of form.fields) for (const v of f.values) note(f.name, v || plausibleFor(f.name)[0]!);
            continue;
          }
          // One form per action and shape of fields: a premium listing's longer photo list is the same form.
          const shapes = [...new Set(form.fields.map((f) => f.name.replace(/\d+/g, "N")))].sort();
          const key = `${template(form.action)} ${shapes.join(",")} ${form.submits.join(";")}`;
          const entry = forms.get(key) ?? { form, roles: new Set<Role>() };
          forms.set(key, entry.roles.add(role) && entry);
        }
      }
    return { query, forms, role: best };
  })();
  discovered.set(route.id, work);
  return work;
}

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries

/** Broken escapes and encoded controls, sent as they are in a query. */
const RAW_QUERY = ["%", "%zz", "%00", "%0d%0a", "%E0%A4%A", "%ff", "a%00b", "%C0%AF"];

function loaderRequest(route: TableRoute, known: Discovered) {
  const names = paramNames(route);
  const real = (n: string) => fc.constantFrom(...(validParams(route, n).length ? validParams(route, n) : ["x"]));
  const validPath = fc.record(Object.fromEntries(names.map((n) => [n, real(n)])));
  const hostilePath = names.length
    ? fc
        .constantFrom(...names)
        .chain((n) => fc.tuple(validPath, badSegmentFor(validParams(route, n))).map(([v, bad]) => ({ ...v, [n]: bad })))
    : validPath;
  const own = [...known.query.keys()];
  const value = (n: string) => fc.constantFrom(...(known.query.get(n) ?? new Set(plausibleFor(n))));
  const validQuery = own.length
    ? fc
        .subarray(own, { maxLength: Math.min(3, own.length) })
        .chain((ks) => fc.tuple(...ks.map((k) => value(k).map((v) => `${k}=${encodeURIComponent(v)}`))))
    : fc.constant([] as string[]);
  const anyName = fc.oneof(
    { weight: 3, arbitrary: own.length ? fc.constantFrom(...own) : fc.constantFrom(...EVERY_NAME) },
    { weight: 1, arbitrary: fc.constantFrom(...EVERY_NAME) },
  );
  const hostileQuery = fc
    .tuple(validQuery, anyName)
    .chain(([pairs, k]) =>
      fc.tuple(
        fc.constant(pairs),
        fc.constant(k),
        fc.oneof(
          { weight: 4, arbitrary: hostileText(value(k), { big: false, name: k }) },
          { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY).map((raw) => ({ raw })) },
        ),
      ),
    )
    .map(([pairs, k, v]) => [
      ...pairs.filter((p) => !p.startsWith(`${k}=`)),
      typeof v === "string" ? new URLSearchParams([[k, v]]).toString() : `${k}=${v.raw}`,
    ]);
  return fc
    .record({
      role: anyRole,
      focus: fc.constantFrom(...(names.length ? (["path"] as const) : []), "query" as const, "query" as const, "none"),
      // Mostly `.data` (the loaders alone); a document render costs several times as much.
      data: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
    .chain(({ role, focus, data }) =>
      fc.record({
        role: fc.constant(role),
        data: fc.constant(data),
        params: focus === "path" ? hostilePath : validPath,
        query: focus === "query" ? hostileQuery : validQuery,
      }),
    );
}

/** A form posted back: one field hostile, dropped, repeated or added, or the action's id made bad, or as it was. */
function formRequest(form: PageForm, roles: Set<Role>) {
  const plain = (f: Field) => fc.constantFrom(...f.values.map((v) => validValue(f, v)));
  const fields = form.fields.filter((f) => f.type !== "file");
  const valid = fc.tuple(...fields.map((f) => plain(f).map((v) => [f.name, v] as [string, string])));
  const hostileValue = (f: Field) => hostileText(plain(f), { name: f.name });
  const names = fields.map((f) => f.name);
  const mutated = (mode: string) =>
    !names.length
      ? valid
      : fc.tuple(valid, fc.nat({ max: names.length - 1 })).chain(([pairs, i]) => {
          const f = fields[i]!;
          if (mode === "drop") return fc.constant(pairs.filter((_, j) => j !== i));
          if (mode === "repeat") return hostileValue(f).map((h) => [...pairs, [f.name, h] as [string, string]]);
          return hostileValue(f).map((h) => pairs.map((p, j) => (j === i ? ([f.name, h] as [string, string]) : p)));
        });
  const extra = fc
    .tuple(valid, fc.constantFrom("intent", "id", "businessId", "status", "ownerId", "role", "_nojs", "redirectTo"))
    .chain(([pairs, k]) =>
      hostileText(fc.constantFrom("approve", "delete", "1"), { name: k }).map((h) => [
        ...pairs,
        [k, h] as [string, string],
      ]),
    );
  const seen = [...roles];
  return fc
    .record({
      role: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...seen) }, { weight: 1, arbitrary: anyRole }),
      mode: fc.constantFrom("field", "field", "field", "drop", "repeat", "extra", "path", "none"),
      submit: form.submits.length
        ? fc.option(fc.constantFrom(...form.submits), { nil: undefined })
        : fc.constant(undefined),
      multipart: form.multipart ? fc.constant(true) : fc.boolean(),
      data: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      badId: badSegmentFor([]),
    })
    .chain((r) =>
      fc.record({
        role: fc.constant(r.role),
        submit: fc.constant(r.submit),
        multipart: fc.constant(r.multipart),
        data: fc.constant(r.data),
        badId: fc.constant(r.mode === "path" ? r.badId : undefined),
        pairs: r.mode === "extra" ? extra : r.mode === "none" || r.mode === "path" ? valid : mutated(r.mode),
      }),
    );
}

/** The URL of a `.data` request for a page path (React Router's single fetch: `/_root.data` for "/"). */
function dataUrl(pathAndQuery: string) {
  const url = new URL(pathAndQuery, ORIGIN);
  return `${url.pathname === "/" ? "/_root" : url.pathname.replace(/\/$/, "")}.data${url.search}`;
}

async function post(
  target: string,
  run: number,
  role: Role,
  url: string,
  pairs: [string, string][],
  multipart: boolean,
) {
  let body: FormData | string;
  const headers: Record<string, string> = {};
  if (multipart) {
    const form = new FormData();
    for (const [k, v] of pairs) form.append(k, v);
    body = form;
  } else {
    body = new URLSearchParams(pairs).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return world.send(target, run, role, url, { method: "POST", body, headers });
}

// ---------------------------------------------------------------------------------------------------------------

/** Path segments every parameter gets in the sweep, sent as they are: encoded NUL, broken escapes. */
const RAW_SEGMENTS = ["%00", "a%00b", "%zz", "%E0%A4%A"];

/**
 * The loader sweep: the page as the role shown the most of it, with each path parameter (as a document and as a
 * `.data` request) and each query parameter it reads (alternately) given each of its sweep values.
 */
async function sweepLoader(target: string, route: TableRoute, known: Discovered) {
  const params = Object.fromEntries(paramNames(route).map((n) => [n, validParams(route, n)[0] ?? "x"]));
  let run = 100;
  const hrefs: string[] = [];
  for (const n of paramNames(route))
    for (const v of [...RAW_SEGMENTS, ...sweepValues(n, params[n]!, { big: false }).map(encodeURIComponent)]) {
      const href = pathOf(route, { ...params, [n]: v });
      hrefs.push(href, dataUrl(href));
    }
  const base = pathOf(route, params);
  let i = 0;
  for (const [name, values] of known.query)
    for (const v of sweepValues(name, [...values][0] ?? "1", { big: false })) {
      const href = `${base}?${new URLSearchParams([[name, v]])}`;
      hrefs.push(i++ % 4 ? dataUrl(href) : href);
    }
  for (const href of hrefs) {
    await world.restore();
    await world.send(target, ++run, known.role, href);
  }
}

const sweptShapes = new Set<string>();

/** The role a form is swept as: the one most likely to be allowed to send it, of those shown it. */
const SWEEP_ROLE_ORDER: Role[] = ["owner", "customer", "admin", "visitor"];

/**
 * The form sweep: the form as the page filled it (empty text fields given plausible values), then once for each
 * field with each of its sweep values — multipart, as the padding would be over the body limit URL-encoded.
 */
async function sweepForm(target: string, form: PageForm, roles: Set<Role>) {
  const role = SWEEP_ROLE_ORDER.find((r) => roles.has(r)) ?? "visitor";
  const fields = form.fields.filter((f) => f.type !== "file");
  const valid: [string, string][] = fields.map((f) => [f.name, validValue(f, f.values[0] ?? "")]);
  const submit = form.submits[0];
  const withSubmit = (pairs: [string, string][]) => (submit ? [...pairs, submit] : pairs);
  let run = 200;
  await world.restore();
  await post(target, ++run, role, form.action, withSubmit(valid), true);
  // One field of each shape per action: hours.0.open stands for hours.1.open…hours.6.open, and the admin's listing
  // form sweeps only what the owner's doesn't have (its plan).
  for (const [i, [name, value]] of valid.entries()) {
    const shape = `${template(form.action)} ${name.replace(/\d+/g, "N")}`;
    if (sweptShapes.has(shape)) continue;
    sweptShapes.add(shape);
    // An empty optional field is swept around a plausible value (a bare NUL is refused as too short, unread).
    // At most two of what the name says it holds: a form has many fields, each a page's action to run.
    for (const v of sweepValues(name, value || (plausibleFor(name)[0] ?? "fuzz")).slice(0, 4)) {
      await world.restore();
      const pairs = valid.map((p, j) => (j === i ? ([name, v] as [string, string]) : p));
      // Mostly as `.data` submissions (the action alone); every fourth as a document (the action and the page
      // rendered with what it answered), which costs four times as much.
      const url = run % 4 ? dataUrl(form.action) : form.action;
      await post(target, ++run, role, url, withSubmit(pairs), true);
    }
  }
}

const fuzzedForms = new Set<string>();

describe("every route of app/routes.ts", () => {
  for (const route of routes) {
    const loaderTarget = `GET ${route.pattern || "/"}`;
    it.runIf(fuzzOnly(loaderTarget))(
      loaderTarget,
      async () => {
        const known = await discover(route);
        await sweepLoader(loaderTarget, route, known);
        await world.fuzz(loaderTarget, loaderRequest(route, known), RUNS, async (req, run) => {
          const base = pathOf(route, req.params);
          const href = `${base}${req.query.length ? `?${req.query.join("&")}` : ""}`;
          await world.send(loaderTarget, run, req.role, req.data ? dataUrl(href) : href);
        });
        expectNoFindings(loaderTarget);
      },
      timeout(RUNS),
    );

    const formTarget = `POST ${route.pattern || "/"}`;
    it.runIf(fuzzOnly(formTarget))(
      `${formTarget} (its forms${route.hasAction ? " and blind posts" : ""})`,
      async () => {
        const known = await discover(route);
        for (const [key, { form, roles }] of known.forms) {
          // Forms of the layout (sign-out, newsletter…) are on every page: fuzzed once, where first seen.
          if (fuzzedForms.has(key)) continue;
          fuzzedForms.add(key);
          if (process.env.FUZZ_VERBOSE) console.log("form", key, [...roles].join(","));
          await sweepForm(formTarget, form, roles);
          await world.fuzz(formTarget, formRequest(form, roles), FORM_RUNS, async (req, run) => {
            const action = req.badId ? form.action.replace(UUID, req.badId) : form.action;
            const pairs = req.submit ? [...req.pairs, req.submit] : req.pairs;
            await post(formTarget, run, req.role, req.data ? dataUrl(action) : action, pairs, req.multipart);
          });
        }
        if (route.hasAction) {
          // Posts no page renders: the fields and intents the action's code reads, valid or hostile.
          const names = [...new Set(["intent", ...routeFiles(route).flatMap(namesIn)])];
          const intents = intentsOf(route);
          const value = (n: string) =>
            n === "intent" && intents.length ? fc.constantFrom(...intents) : fc.constantFrom(...plausibleFor(n));
          const arb = fc.record({
            role: anyRole,
            params: fc.record(
              Object.fromEntries(
                paramNames(route).map((n) => [
                  n,
                  fc.oneof(
                    fc.constantFrom(...(validParams(route, n).length ? validParams(route, n) : ["x"])),
                    badSegmentFor([]),
                  ),
                ]),
              ),
            ),
            pairs: fc.tuple(
              ...names.map((n) =>
                fc
                  .oneof(
                    { weight: 3, arbitrary: value(n) },
                    { weight: 1, arbitrary: hostileText(value(n), { name: n }) },
                  )
                  .map((v) => [n, v] as [string, string]),
              ),
            ),
            multipart: fc.boolean(),
            data: fc.boolean(),
          });
          await world.fuzz(formTarget, arb, FORM_RUNS, async (req, run) => {
            const href = pathOf(route, req.params);
            await post(formTarget, run, req.role, req.data ? dataUrl(href) : href, req.pairs, req.multipart);
          });
        }
        expectNoFindings(formTarget);
      },
      timeout(FORM_RUNS * 12),
    );
  }

  it.runIf(fuzzOnly("methods"))(
    "other methods: no 5xx, and OPTIONS sends no page or data",
    async () => {
      const target = "methods";
      let run = 0;
      for (const route of routes) {
        const params = Object.fromEntries(paramNames(route).map((n) => [n, validParams(route, n)[0] ?? "x"]));
        const href = pathOf(route, params);
        await world.restore();
        const tries: [Role, string, string][] = [
          ["admin", "OPTIONS", href],
          ["admin", "OPTIONS", dataUrl(href)],
          ["visitor", "PUT", href],
          ["admin", "DELETE", dataUrl(href)],
        ];
        for (const [role, method, url] of tries) {
          const res = await world.send(target, ++run, role, url, { method });
          // An OPTIONS answer is about the URL, never the page or its data (OPTIONS /account/export sent the export).
          if (method === "OPTIONS" && res.status < 300 && res.text.length)
            world.findings.push({
              target,
              run,
              role,
              method,
              url,
              status: res.status,
              body: `(the answer had ${res.text.length} characters)`,
              errors: [],
            });
        }
      }
      expectNoFindings(target);
    },
    timeout(200),
  );
});

describe("after the run", () => {
  it("no stored text is longer than its documented limit", async () => {
    const tooLong = await storedTooLong(world.db);
    if (tooLong.length) expect.fail(`Stored values over their limit:\n  ${tooLong.join("\n  ")}`);
    expect(world.seen.requests).toBeGreaterThan(0);
  });
});
