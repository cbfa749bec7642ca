/** The import's progress line: a bar by bytes read, rows/s and the time left (stderr). */
export function progressLine(p: { done: number; total: number; rows: number; elapsedMs: number }): string {
  const fraction = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
  const width = 24;
  const filled = Math.round(fraction * width);
  const seconds = p.elapsedMs / 1000;
  const rate = seconds > 0 ? p.rows / seconds : 0;
  const left = fraction > 0 && fraction < 1 ? (seconds / fraction) * (1 - fraction) : 0;
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%  ${p.rows.toLocaleString("en-US")} rows  ${Math.round(rate).toLocaleString("en-US")} rows/s  ${fraction >= 1 ? "done" : `~${formatDuration(left)} left`}`;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}
