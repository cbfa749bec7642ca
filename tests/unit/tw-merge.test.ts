import fs from "node:fs";
import prettier from "prettier";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "~/lib/utils";
import { appClassTokens, classGroups, generate, OUTPUT } from "../../scripts/tw-merge-config";

/** Where a class's variants ("md:hover:") end: after its last colon outside brackets and parentheses. */
function variantEnd(token: string) {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) end = i + 1;
  }
  return end;
}

// cn() runs tailwind-merge with a configuration cut down to the app's class groups (docs/performance.md): it must
// merge the app's classes exactly as the full default configuration does.
describe("cn with the app's tailwind-merge configuration", () => {
  const tokens = [...classGroups(appClassTokens()).keys()];

  it("is generated from the current sources", async () => {
    const expected = await prettier.format(generate(), {
      ...(await prettier.resolveConfig(OUTPUT)),
      filepath: OUTPUT,
    });
    // On failure: a class of a group the configuration lacks was added. Run `npm run tw-merge-config`.
    expect(fs.readFileSync(OUTPUT, "utf8")).toBe(expected);
  });

  it("merges every ordered pair of the app's classes as the full configuration does", () => {
    expect(tokens.length).toBeGreaterThan(500);
    // Classes under different variants ("hover:", "md:") never replace each other: pairs within each variant.
    const byVariant = new Map<string, string[]>();
    for (const token of tokens) {
      const variant = token.slice(0, variantEnd(token));
      byVariant.set(variant, [...(byVariant.get(variant) ?? []), token]);
    }
    const differences: string[] = [];
    for (const group of byVariant.values())
      for (const a of group)
        for (const b of group) {
          const full = twMerge(`${a} ${b}`);
          const ours = cn(a, b);
          if (ours !== full) differences.push(`"${a} ${b}": ${ours} instead of ${full}`);
        }
    expect(differences.slice(0, 20)).toEqual([]);
  }, 60_000);

  it("still lets a later class win within a group and across refining groups", () => {
    expect(cn("px-4 py-2", "px-2")).toBe("py-2 px-2");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("text-sm text-muted-foreground", "text-lg text-primary")).toBe("text-lg text-primary");
    expect(cn("hover:bg-accent", "hover:bg-primary/90", "bg-background")).toBe("hover:bg-primary/90 bg-background");
  });
});
