import { z } from "zod";
import { EMAIL_TOO_LONG, emailText } from "~/lib/text";

/** The footer's Subscribe: one schema for the browser and the server. */
export const subscribeSchema = z.object({
  email: emailText(
    { required: "Enter your email address.", invalid: "Enter a valid email address.", tooLong: EMAIL_TOO_LONG },
    { lowercase: true },
  ),
});

/** One answer for every accepted address (new, pending or already subscribed): nobody learns who is on the list. */
export const SUBSCRIBE_ANSWER = "Almost there: check your inbox and click the link to confirm your subscription.";
