// LIKE patterns that match the user's text literally: %, _ and \ lose their special meaning.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The text anywhere (ILIKE '%…%'). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Text that starts with this (LIKE '…%'). */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
