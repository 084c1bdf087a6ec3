/** A message's longest text, in characters (the forms' maxLength and the schemas' limit). */
export const MESSAGE_MAX = 5000;
