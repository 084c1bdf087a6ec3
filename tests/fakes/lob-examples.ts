/**
 * Lob's documented contract for `POST /v1/letters`, written out by hand as facts (field names, types, one value each),
 * so the fake takes its field lists from here and a test can feed the examples through our client. Source:
 * github.com/lob/lob-openapi (commit 539ed45, read 2026-11-25):
 * - resources/letters/letters.yml `letter_create`: the multipart/form-data request example (deepObject `to[...]`,
 *   `from[...]`, `metadata[...]`), the `Idempotency-Key` header (shared/parameters/idempotency.yml: at most 256).
 * - resources/letters/models/letter_editable.yml and shared/models/form_factor/editable.yml: the fields, required
 *   `to`, `from`, `file`, `color`, `use_type`; attributes/*.yml: the enums; address_editable_us.yml: name and company
 *   at most 40, address_line1/2 at most 64, city 200; ltr_file.yml: every page 8.5 × 11 in.
 * - resources/letters/responses/letter.yml: the letter object example; shared/models/error.yml: `{ error: { message,
 *   status_code, code } }`.
 */

/** letter_editable.yml + form_factor/editable.yml: a letter create's top-level fields. */
export const LOB_LETTER_FIELDS = [
  "description",
  "metadata",
  "mail_type",
  "merge_variables",
  "send_date",
  "file",
  "extra_service",
  "cards",
  "color",
  "double_sided",
  "address_placement",
  "return_envelope",
  "perforated_page",
  "custom_envelope",
  "billing_group_id",
  "qr_code",
  "use_type",
  "fsc",
  "size",
  "print_speed",
] as const;
export const LOB_REQUIRED_LETTER_FIELDS = ["to", "from", "file", "color", "use_type"] as const;

/** address_editable_us.yml / address_fields_us.yml: a US address's fields and their length limits. */
export const LOB_ADDRESS_FIELDS = [
  "name",
  "company",
  "phone",
  "email",
  "description",
  "address_line1",
  "address_line2",
  "address_city",
  "address_state",
  "address_zip",
  "address_country",
] as const;
export const LOB_ADDRESS_MAX: Readonly<Record<string, number>> = {
  name: 40,
  company: 40,
  phone: 40,
  email: 100,
  address_line1: 64,
  address_line2: 64,
  address_city: 200,
};

/**
 * help.lob.com "Error reference", `address_length_exceeds_limit` (422): "The sum of to.address_line1 and
 * to.address_line2 cannot surpass 50 characters."
 */
export const LOB_RECIPIENT_STREET_MAX = 50;

/**
 * Page 1 of a letter mailed with `address_placement: top_first_page` (Lob's default), in inches from the page's
 * top-left: the white box Lob prints over the artwork with both addresses and the barcode (0.6 × 0.84 in, 3.15 × 2 in)
 * and the #10 double-window envelope's two windows (help.lob.com "Letters", "Letter envelopes" and its letter
 * template). Lob prints over whatever is there ("If you don't follow these address guidelines, your letter will be
 * printed incorrectly").
 */
export const LOB_TOP_FIRST_PAGE_KEEP_CLEAR = [
  { name: "address block", left: 0.6, top: 0.84, width: 3.15, height: 2 },
  { name: "return address window", left: 0.625, top: 0.5, width: 3.25, height: 0.875 },
  { name: "recipient window", left: 0.625, top: 1.75, width: 4, height: 1 },
] as const;

export const LOB_USE_TYPES = ["marketing", "operational"] as const;
export const LOB_MAIL_TYPES = ["usps_first_class", "usps_standard"] as const;
export const LOB_EXTRA_SERVICES = ["certified", "certified_return_receipt", "registered"] as const;
export const LOB_ADDRESS_PLACEMENTS = ["top_first_page", "insert_blank_page", "bottom_first_page_center", "bottom_first_page"] as const;
export const LOB_IDEMPOTENCY_KEY_MAX = 256;

/**
 * letters.yml's multipart request example as the form fields it sends (deepObject), without `file` (a PDF the test
 * adds: the example's is HTML), `cards` and `qr_code` (they name resources of the example's own account).
 */
export const LOB_LETTER_REQUEST_EXAMPLE: Readonly<Record<string, string>> = {
  description: "demo",
  "to[description]": "Harry - Office",
  "to[name]": "Harry Zhang",
  "to[company]": "Lob",
  "to[email]": "harry@lob.com",
  "to[phone]": "5555555555",
  "to[address_line1]": "210 King St",
  "to[address_line2]": "# 6100",
  "to[address_city]": "San Francisco",
  "to[address_state]": "CA",
  "to[address_zip]": "94107",
  "to[address_country]": "US",
  "from[name]": "Harry",
  "from[address_line1]": "210 King St",
  "from[address_line2]": "# 6100",
  "from[address_city]": "San Francisco",
  "from[address_state]": "CA",
  "from[address_zip]": "94107",
  color: "true",
  double_sided: "false",
  address_placement: "top_first_page",
  mail_type: "usps_first_class",
  "merge_variables[name]": "Harry",
  "metadata[spiffy]": "true",
  send_date: "2017-11-01T00:00:00.000Z",
  extra_service: "registered",
  use_type: "marketing",
};

/** The address object inside a letter (letter.yml example), every field, nullable ones as null. */
const ADDRESS_EXAMPLE = {
  id: "adr_d3489cd64c791ab5",
  description: null,
  name: "HARRY ZHANG",
  company: null,
  phone: null,
  email: null,
  address_line1: "210 KING ST STE 6100",
  address_line2: null,
  address_city: "SAN FRANCISCO",
  address_state: "CA",
  address_zip: "94107-1741",
  address_country: "UNITED STATES",
  metadata: {},
  date_created: "2017-09-05T15:54:53.264Z",
  date_modified: "2017-09-05T15:54:53.264Z",
  deleted: true,
  object: "address",
} as const;

/** letter.yml's letter object example (its `cards` left out: only a letter created with a card has them). */
export const LOB_LETTER_EXAMPLE = {
  id: "ltr_4868c3b754655f90",
  description: "Demo Letter",
  metadata: {},
  to: ADDRESS_EXAMPLE,
  from: { ...ADDRESS_EXAMPLE, id: "adr_b8fb5acf3a2b55db", name: "LEORE AVIDAR" },
  color: true,
  double_sided: true,
  address_placement: "top_first_page",
  return_envelope: false,
  perforated_page: null,
  custom_envelope: null,
  extra_service: null,
  mail_type: "usps_first_class",
  url: "https://lob-assets.com/letters/ltr_4868c3b754655f90.pdf?expires=1540372221&signature=8r94fse8uam7wGWmW5baxXulU88X2CA",
  carrier: "USPS",
  tracking_number: null,
  tracking_events: [],
  thumbnails: [
    {
      small: "https://lob-assets.com/letters/ltr_4868c3b754655f90_thumb_small_1.png",
      medium: "https://lob-assets.com/letters/ltr_4868c3b754655f90_thumb_medium_1.png",
      large: "https://lob-assets.com/letters/ltr_4868c3b754655f90_thumb_large_1.png",
    },
  ],
  merge_variables: { name: "Harry" },
  expected_delivery_date: "2017-09-12",
  date_created: "2017-09-05T15:54:53.346Z",
  date_modified: "2017-09-05T15:54:53.346Z",
  send_date: "2017-09-05T15:54:53.346Z",
  use_type: "marketing",
  fsc: false,
  sla: "2",
  object: "letter",
} as const;

/** error.yml: every refusal's body (a 422 shown). */
export const LOB_ERROR_EXAMPLE = {
  error: { message: "to.address_line1 is required", status_code: 422, code: "invalid" },
} as const;
