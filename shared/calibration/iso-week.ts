/** ISO 8601 week of a date (UTC), as "YYYY-Www": weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7; // Monday 1 … Sunday 7
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of this week decides the year
  const year = day.getUTCFullYear();
  const week = Math.ceil(((day.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** 52 or 53: December 28th always lies in a year's last ISO week. */
export function isoWeeksInYear(year: number): number {
  return Number(isoWeek(new Date(Date.UTC(year, 11, 28))).slice(6));
}
