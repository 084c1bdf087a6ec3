/** Display name: fullName, else first plus last name, else email. */
export function displayName(user: {
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}): string {
  const full = user.fullName?.trim();
  if (full) return full;
  const firstLast = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ");
  return firstLast || user.email;
}

/** Avatar initials: first letters of the display name's words, uppercased, at most 2. */
export function avatarInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .slice(0, 2)
    .join("");
}
