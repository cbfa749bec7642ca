import type { BusinessCard } from "../types";
import { SearchResultCard } from "./search-result-card";

/** A page of results: the first two photos load at once, the first with priority (it is the page's largest paint). */
export function SearchResultList({
  items,
  first,
  labelledBy,
}: {
  items: readonly BusinessCard[];
  /** The first card's position in the whole result (1 on page 1). */
  first: number;
  labelledBy: string;
}) {
  return (
    <ol
      className="grid gap-4 *:defer-render *:[--rendered-size:210px] sm:*:[--rendered-size:266px]"
      aria-labelledby={labelledBy}
    >
      {items.map((business, i) => (
        <li key={business.id}>
          <SearchResultCard business={business} position={first + i} eagerImage={i < 2} priorityImage={i === 0} />
        </li>
      ))}
    </ol>
  );
}
