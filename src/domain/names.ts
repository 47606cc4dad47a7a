export function initials(firstName?: string | null, lastName?: string | null, fallback = 'U'): string {
  const value = `${firstName?.trim()?.[0] ?? ''}${lastName?.trim()?.[0] ?? ''}`.toUpperCase();
  return value || fallback;
}

export function fullName(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName].filter((p) => p?.trim()).join(' ');
}
