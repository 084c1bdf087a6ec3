/** The home the tests' leads stand at unless a test says otherwise: a 3 bd, 2 ba house of 1,450 sq ft in Phoenix. */
export const PHOENIX_HOME = {
  address: "4821 N 35th Ave",
  city: "Phoenix",
  state: "AZ",
  zipCode: "85019",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1450,
} as const;
