import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { categoryIcon } from "~/features/directory/components/placeholder-art";
import type { CategorySlug } from "~/features/directory/types";
import { breadcrumbJsonLd } from "~/features/seo/json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-index";
import { loadCategoryIndex } from "./categories-index.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "All categories", "Every kind of business in the directory, from dentists to dance studios.");

export async function loader({ context }: Route.LoaderArgs) {
  return {
    groups: loadCategoryIndex(),
    jsonLd: breadcrumbJsonLd(context.config, [
      { name: "Home", path: "/" },
      { name: "Categories", path: "/categories" },
    ]),
  };
}

/** /categories: the whole category tree (issue 34), each category a link to its page. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { groups, jsonLd } = loaderData;
  return (
    <>
      <JsonLd data={jsonLd} />
      <PageHeader
        eyebrow="Browse"
        title="All categories"
        lead="Every kind of business in the directory, from dentists to dance studios."
      />
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="category-groups">
          {groups.map((group) => {
            const Icon = categoryIcon(group.slug as CategorySlug);
            return (
              <li key={group.slug} className="rounded-2xl border bg-card p-5 shadow-xs">
                <h2 className="flex items-center gap-2 text-lg font-bold">
                  <span className="grid size-9 place-items-center rounded-full bg-primary-soft text-accent-foreground">
                    <Icon aria-hidden="true" className="size-4.5" />
                  </span>
                  <Link to={`/categories/${group.slug}`} className="underline-offset-2 hover:underline">
                    {group.name}
                  </Link>
                </h2>
                <ul className="mt-3 grid gap-1.5 text-sm">
                  {group.children.map((child) => (
                    <li key={child.slug}>
                      <Link
                        to={`/categories/${child.slug}`}
                        className="font-medium underline-offset-2 hover:text-primary hover:underline"
                      >
                        {child.name}
                      </Link>
                      {child.children.length ? (
                        <span className="text-muted-foreground">
                          {" — "}
                          {child.children.map((leaf, i) => (
                            <span key={leaf.slug}>
                              {i > 0 ? ", " : null}
                              <Link
                                to={`/categories/${leaf.slug}`}
                                className="underline-offset-2 hover:text-foreground hover:underline"
                              >
                                {leaf.name}
                              </Link>
                            </span>
                          ))}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
