import type * as React from "react";
import { PageHeader } from "./page-header";

export interface LegalSection {
  id: string;
  title: string;
  body: React.ReactNode;
}

const dateFmt = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Terms and Privacy: a header, a table of contents and numbered sections. */
export function LegalPage({
  title,
  eyebrow,
  updated,
  intro,
  sections,
}: {
  title: string;
  eyebrow: string;
  /** YYYY-MM-DD */
  updated: string;
  intro: React.ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHeader
        eyebrow={eyebrow}
        title={title}
        lead={
          <>
            Last updated <time dateTime={updated}>{dateFmt.format(new Date(`${updated}T12:00:00Z`))}</time>
          </>
        }
      />
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[240px_minmax(0,1fr)]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">On this page</h2>
          <ol className="mt-3 grid gap-1 border-l text-sm">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="-ml-px block border-l border-transparent py-1 pl-4 text-muted-foreground transition-colors hover:border-foreground hover:text-foreground"
                >
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl">
          <div className="rounded-2xl border bg-card p-6 text-lg leading-relaxed text-muted-foreground shadow-card">
            {intro}
          </div>
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10">
              <h2 id={`${s.id}-title`} className="text-xl font-bold tracking-tight">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-3 grid gap-3 leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-foreground [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-1.5 [&_ul]:pl-5">
                {s.body}
              </div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
