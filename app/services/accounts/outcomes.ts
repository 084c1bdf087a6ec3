/** The refusals the account services answer with: a status, a message, and per-field errors for the forms. */
export type FieldErrors = Record<string, string[]>;

export type Refused = { ok: false; status: number; message: string; errors?: FieldErrors };

const DUPLICATE_EMAIL = "An account with this email already exists";

/** Registration and an email change refuse a taken address alike, on the email field. */
export const duplicateEmail = () => ({ ok: false as const, status: 409, message: DUPLICATE_EMAIL, errors: { email: [DUPLICATE_EMAIL] } });
