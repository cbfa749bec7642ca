/**
 * Public contact details shown on the Contact, Press and legal pages.
 * Placeholders (reserved example domain and a 555-01xx number) until a
 * deployment configures its own.
 */
export const CONTACT_DETAILS = {
  email: "hello@near.example",
  pressEmail: "press@near.example",
  privacyEmail: "privacy@near.example",
  phone: "(217) 555-0100",
  phoneHref: "tel:+12175550100",
  street: "100 Main Street, Suite 200",
  hours: "Monday to Friday, 9 AM – 5 PM",
} as const;
