export function initialOf(author: string) {
  const first = author.trim().charAt(0);
  return first ? first.toUpperCase() : "?";
}

const AVATAR_TONES = [
  "bg-rose-100 text-rose-800 dark:bg-rose-400/20 dark:text-rose-100",
  "bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-100",
  "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/20 dark:text-emerald-100",
  "bg-sky-100 text-sky-900 dark:bg-sky-400/20 dark:text-sky-100",
  "bg-violet-100 text-violet-900 dark:bg-violet-400/20 dark:text-violet-100",
];

/** A steady colour per author name, for the initial avatar. */
export function avatarTone(author: string) {
  let h = 0;
  for (const c of author) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return AVATAR_TONES[h % AVATAR_TONES.length];
}
