// Writes app/lib/tw-merge-config.ts: tailwind-merge's default configuration cut down to the class groups that the
// app's own classes use (`npm run tw-merge-config`; docs/performance.md). The full configuration is most of
// tailwind-merge's bytes, and cn() is in every page's first load. tests/unit/tw-merge.test.ts checks that the cut
// configuration merges every pair of the app's classes exactly as the full one does, and fails (naming this
// script) when a new class needs a group that isn't in it.
//
// Reading a class's group needs tailwind-merge's internal helpers ("unstable-do-not-import"): only this generator
// uses them; the app uses the public createTailwindMerge, and the test compares against the public twMerge.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getDefaultConfig, validators } from "tailwind-merge";
import { createClassGroupUtils, createParseClassName } from "tailwind-merge/unstable-do-not-import";

/** tailwind-merge's configuration, loosely typed: the generator walks it as data. */
type AnyConfig = Parameters<typeof createClassGroupUtils>[0] & {
  cacheSize: number;
  theme: Record<string, Definition>;
  classGroups: Record<string, Definition | undefined>;
  conflictingClassGroups: Record<string, string[]>;
  conflictingClassGroupModifiers: Record<string, string[]>;
  orderSensitiveModifiers: string[];
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const OUTPUT = path.join(root, "app/lib/tw-merge-config.ts");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name.startsWith("+") ? [] : sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) && !file.endsWith("tw-merge-config.ts") ? [file] : [];
  });
}

/** Every class-like word in a string literal of the app's sources (over-inclusive: words that are no class are ignored). */
export function appClassTokens(): string[] {
  const tokens = new Set<string>();
  for (const file of sourceFiles(path.join(root, "app"))) {
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g)) {
      const literal = match[1] ?? match[2] ?? match[3] ?? "";
      for (const word of literal.replace(/\$\{[^}]*\}/g, " ").split(/\s+/))
        if (word && word.length < 100 && /^[!\w\-[\]:/.%()#,*&>@~=+]+$/.test(word)) tokens.add(word);
    }
  }
  return [...tokens].sort();
}

/** The class group of each token under a configuration (tokens that are no Tailwind class are left out). */
export function classGroups(tokens: string[], config: object = getDefaultConfig()): Map<string, string> {
  const parse = createParseClassName(config as AnyConfig);
  const { getClassGroupId } = createClassGroupUtils(config as AnyConfig);
  const groups = new Map<string, string>();
  for (const token of tokens) {
    const { isExternal, baseClassName, maybePostfixModifierPosition } = parse(token);
    if (isExternal) continue;
    const group =
      (maybePostfixModifierPosition !== undefined &&
        getClassGroupId(baseClassName.substring(0, maybePostfixModifierPosition))) ||
      getClassGroupId(baseClassName);
    if (group && !group.startsWith("arbitrary..")) groups.set(token, group);
  }
  return groups;
}

const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** A class group's or theme scale's definition: strings, nested objects, validators and theme getters. */
type Definition = string | ((value: string) => boolean) | Definition[] | { [key: string]: Definition };
type ThemeGetter = { isThemeGetter?: boolean; themeKey?: string };

function serialize(def: Definition, usedValidators: Set<string>, usedTheme: Set<string>): string {
  if (typeof def === "string") return JSON.stringify(def);
  if (typeof def === "function") {
    const getter = def as ThemeGetter;
    if (getter.isThemeGetter && getter.themeKey) {
      usedTheme.add(getter.themeKey);
      return `fromTheme(${JSON.stringify(getter.themeKey)})`;
    }
    const name = validatorNames.get(def);
    if (!name) throw new Error(`tailwind-merge's configuration has a function that is no public validator`);
    usedValidators.add(name);
    return name;
  }
  if (Array.isArray(def)) return `[${def.map((d) => serialize(d, usedValidators, usedTheme)).join(", ")}]`;
  return `{${Object.entries(def)
    .map(([key, value]) => `${JSON.stringify(key)}: ${serialize(value, usedValidators, usedTheme)}`)
    .join(", ")}}`;
}

export function generate(): string {
  const full = getDefaultConfig() as unknown as AnyConfig;
  const kept = new Set(classGroups(appClassTokens(), full).values());
  const usedValidators = new Set<string>();
  const usedTheme = new Set<string>();
  const groups = Object.keys(full.classGroups)
    .filter((id) => kept.has(id))
    .map((id) => `${JSON.stringify(id)}: ${serialize(full.classGroups[id]!, usedValidators, usedTheme)}`);
  // Theme scales can name other scales: follow them.
  const theme: string[] = [];
  const done = new Set<string>();
  while ([...usedTheme].some((key) => !done.has(key))) {
    for (const key of [...usedTheme].sort()) {
      if (done.has(key)) continue;
      done.add(key);
      if (full.theme[key])
        theme.push(`${JSON.stringify(key)}: ${serialize(full.theme[key], usedValidators, usedTheme)}`);
    }
  }
  const conflicts = (map: Record<string, string[]>) =>
    Object.entries(map)
      .filter(([id]) => kept.has(id))
      .map(([id, others]) => [id, others.filter((other) => kept.has(other))] as const)
      .filter(([, others]) => others.length)
      .map(([id, others]) => `${JSON.stringify(id)}: ${JSON.stringify(others)}`);
  const source = `// Generated by \`npm run tw-merge-config\` (scripts/tw-merge-config.ts): do not edit. tailwind-merge's default
// configuration with only the class groups the app's classes use; tests/unit/tw-merge.test.ts checks it merges
// every pair of them as the full one does.
import { fromTheme, validators, type Config } from "tailwind-merge";

const { ${[...usedValidators].sort().join(", ")} } = validators;

export const twMergeConfig = (): Config<string, string> => ({
  cacheSize: ${full.cacheSize},
  theme: { ${theme.join(",\n")} },
  classGroups: { ${groups.join(",\n")} },
  conflictingClassGroups: { ${conflicts(full.conflictingClassGroups).join(",\n")} },
  conflictingClassGroupModifiers: { ${conflicts(full.conflictingClassGroupModifiers).join(",\n")} },
  orderSensitiveModifiers: ${JSON.stringify(full.orderSensitiveModifiers)},
});
`;
  return source;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(OUTPUT, generate());
  execFileSync("npx", ["prettier", "--write", OUTPUT], { stdio: "ignore" });
  console.log(`Wrote ${path.relative(root, OUTPUT)}`);
}
