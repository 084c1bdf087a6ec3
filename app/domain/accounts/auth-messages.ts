/** Messages shown in the browser and sent by the server alike. */
export const INVALID_CREDENTIALS = "Invalid email or password";
/** What sign-up answers (the API) and shows on the sign-in page (the form) once the account exists. */
export const SIGNUP_SUCCESS = "Account created successfully! Please log in with your email and password.";
/** The password rule in words, beside every field where a new password is chosen (passwordRules checks it). */
export const PASSWORD_HINT = "At least 8 characters, with a letter and a number.";
export const AUTH_REQUIRED = "Authentication required. Please log in again.";
export const INVALID_RESET = "This reset link is invalid or has expired. Please request a new one.";
export const LINK_EXPIRED = "This request to link your sign-in has expired or could not be verified. Please sign in again.";
