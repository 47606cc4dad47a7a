// Account facts as people read them (doc 2 "Profile": user type or 'Not specified', member since or 'Unknown').
const memberSince = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export function formatMemberSince(createdAt: string | null | undefined): string {
  if (!createdAt) return 'Unknown';
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? 'Unknown' : memberSince.format(date);
}

export function userTypeLabel(userType: string | null | undefined): string {
  return userType ? userType.charAt(0).toUpperCase() + userType.slice(1) : 'Not specified';
}
