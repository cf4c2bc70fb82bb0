// When a report was true, for a copy of it that outlives its run (a PR comment, kept and read
// later): the time it was written, in UTC with its date, and what that means for the relative
// times in it ("12 min ago", "in 25 min"), which count from then, not from when it is read.

/** "2026-03-02 14:02 UTC". */
export function asOfTime(nowMs: number): string {
  const iso = new Date(nowMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The clause after the time and the run: what the relative times in the report count from. */
export const RELATIVE_TIMES = 'every “ago” and “in …” in it counts from then';
