import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RatingStars } from "~/components/ui/rating-stars";

/** Five stars as one element: its name, and how much of the row app.css fills (whole stars, then a part). */
const render = (rating: number) => renderToStaticMarkup(createElement(RatingStars, { rating }));

describe("RatingStars", () => {
  it("is one image named by the rating, filled four and three tenths of a star for 4.3", () => {
    const html = render(4.3);
    expect(html).toBe(
      '<span role="img" aria-label="Rated 4.3 out of 5" class="rating-stars [--star-size:1.125rem]" data-rating="4.3" style="--stars-full:4;--stars-part:0.30"></span>',
    );
  });

  it("keeps the rating between 0 and 5", () => {
    expect(render(7)).toContain('aria-label="Rated 5.0 out of 5"');
    expect(render(7)).toContain("--stars-full:5;--stars-part:0.00");
    expect(render(-1)).toContain("--stars-full:0;--stars-part:0.00");
  });
});
