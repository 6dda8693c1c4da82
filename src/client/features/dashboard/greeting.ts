/** Spec part 1, section 2.6: morning before 12:00, afternoon before 18:00, evening otherwise. */
export function greetingForHour(hour: number): string {
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}
