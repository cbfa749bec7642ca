/** "4.25" → "4.3": the spec's one decimal for ratings. */
export function formatRating(rating: number) {
  return (Math.round(rating * 10) / 10).toFixed(1);
}
