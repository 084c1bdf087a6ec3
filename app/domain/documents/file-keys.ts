/**
 * The R2 key scheme: every stored file lives under its owner's prefix (`users/{id}/…`) with a name the app chose,
 * never the uploader's, so one user's key can never reach another's file (the upload rules in architecture.md).
 */

/** A new key for one of the user's documents (uploads, generated contracts, demo files). */
export function documentKey(userId: string, extension: string): string {
  return `users/${userId}/documents/${crypto.randomUUID()}.${extension}`;
}

/** The key of a mailed letter's PDF, by its tracking id. */
export function mailPdfKey(userId: string, trackingId: string): string {
  return `users/${userId}/mail/${trackingId}.pdf`;
}
