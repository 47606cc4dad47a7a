// Calendar days as the tests ask for them: the London date `n` days from now, YYYY-MM-DD (what slots, offers and
// move-in dates take).
const DAY_MS = 86_400_000;

export const dayAhead = (n: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + n * DAY_MS));
