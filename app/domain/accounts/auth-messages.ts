/** Messages shown in the browser and sent by the server alike. */
export const INVALID_CREDENTIALS = "Invalid email or password";
export const AUTH_REQUIRED = "Authentication required. Please log in again.";
export const INVALID_RESET = "This reset link is invalid or has expired. Please request a new one.";
export const LINK_EXPIRED = "This request to link your sign-in has expired or could not be verified. Please sign in again.";
