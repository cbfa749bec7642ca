import { z } from "zod";
import { safeText } from "~/lib/text";

/** The footer's Subscribe: one schema for the browser and the server. */
export const subscribeSchema = z.object({
  email: safeText({ error: "Enter your email address." })
    .trim()
    .toLowerCase()
    .min(1, "Enter your email address.")
    .max(254, "Email must be at most 254 characters.")
    .pipe(z.email({ error: "Enter a valid email address." })),
});

/** One answer for every accepted address (new, pending or already subscribed): nobody learns who is on the list. */
export const SUBSCRIBE_ANSWER = "Almost there: check your inbox and click the link to confirm your subscription.";
