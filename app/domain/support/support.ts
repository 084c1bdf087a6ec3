/**
 * Support promises shown on the Terms, Contact Us and FAQ pages and written in the contact form's answer (spec 01
 * The spec), in one place so page and service never disagree.
 */
export const BUSINESS_HOURS = "Monday to Friday, 9 AM to 5 PM EST";
export const RESPONSE_TIME = "within 24 to 48 business hours";
/** What the contact form promises once a message is in. */
export const CONTACT_FOLLOW_UP = "We'll get back to you within the next business day.";
