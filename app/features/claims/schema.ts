import { z } from "zod";
import { CLAIM_VERIFICATION_METHODS, type ClaimStatus } from "~/lib/catalogue";
import { LIMITS } from "~/lib/catalogue-basics";
import { safeText } from "~/lib/text";

/**
 * Ownership claims' inputs: one schema per form, parsed the same way by the
 * browser (Conform), the page actions and the /api/v1 routes.
 */

export const CLAIM_MESSAGES = {
  note: "Tell us how you're connected to this business (20 to 1000 characters).",
  method: "Choose how we can verify you: a business email address or the business phone.",
  email: "Enter an email address at the business's own domain (e.g. you@yourbusiness.com).",
  phone: "Enter the business phone number (7 to 20 digits, spaces and dashes allowed).",
  reason: "Give a reason (3 to 500 characters).",
  intent: "Choose approve or refuse.",
  claimId: "Which claim?",
} as const;

export const CLAIM_METHOD_LABELS: Record<(typeof CLAIM_VERIFICATION_METHODS)[number], string> = {
  email_domain: "Business email address",
  phone: "Business phone number",
};

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  open: "Pending review",
  approved: "Approved",
  refused: "Refused",
};

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\+?[\d\s().-]{7,30}$/;

/** Whether a half-parsed claim has a method and a detail to check against each other. */
function hasDetail(value: unknown): value is { verificationMethod: string; verificationDetail: string } {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.verificationDetail === "string" &&
    typeof v.verificationMethod === "string"
  );
}

/** The claim form and POST /api/v1/businesses/{id}/claims. */
export const claimSchema = z
  .strictObject({
    note: safeText({ error: CLAIM_MESSAGES.note }).trim().min(20, CLAIM_MESSAGES.note).max(1000, CLAIM_MESSAGES.note),
    verificationMethod: z.enum(CLAIM_VERIFICATION_METHODS, { error: CLAIM_MESSAGES.method }),
    verificationDetail: safeText({ error: "Enter your business email address or phone number." })
      .trim()
      .max(LIMITS.email),
  })
  // Runs even when another field (the note) failed, so every message shows at once.
  .superRefine(
    (value, ctx) => {
      const detail = value.verificationDetail;
      if (value.verificationMethod === "email_domain" && !EMAIL_RE.test(detail)) {
        ctx.addIssue({ code: "custom", path: ["verificationDetail"], message: CLAIM_MESSAGES.email });
      }
      if (value.verificationMethod === "phone") {
        const digits = detail.replace(/\D/g, "").length;
        if (!PHONE_RE.test(detail) || digits < 7 || digits > 20) {
          ctx.addIssue({ code: "custom", path: ["verificationDetail"], message: CLAIM_MESSAGES.phone });
        }
      }
    },
    { when: (payload) => hasDetail(payload.value) },
  );
export type ClaimInput = z.output<typeof claimSchema>;

const reason = safeText({ error: CLAIM_MESSAGES.reason }).trim().min(3, CLAIM_MESSAGES.reason).max(500);

/** POST /api/v1/admin/claims/{id}/approve: an optional note for the claimant. */
export const approveClaimSchema = z.strictObject({ reason: reason.optional() });
/** POST /api/v1/admin/claims/{id}/refuse: the reason is required (the claimant is told). */
export const refuseClaimSchema = z.strictObject({ reason });

export const CLAIM_DECISIONS = ["approve", "refuse"] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];
export interface ClaimDecisionInput {
  decision: ClaimDecision;
  reason?: string;
}

/** The admin Claims tab's Approve and Refuse forms (refusing needs a reason). */
export const adminClaimFormSchema = z
  .object({
    intent: z.enum(CLAIM_DECISIONS, { error: CLAIM_MESSAGES.intent }),
    claimId: z.string({ error: CLAIM_MESSAGES.claimId }).min(1, CLAIM_MESSAGES.claimId).max(64),
    reason: safeText().trim().max(500, CLAIM_MESSAGES.reason).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.intent === "refuse" && (value.reason ?? "").length < 3) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: CLAIM_MESSAGES.reason });
    }
  });

/** Claims per page (the admin tab, a user's list). */
export const CLAIMS_PAGE_SIZE = 10;

export const claimListSchema = z.strictObject({
  page: z.coerce
    .number({ error: "Page must be a whole number from 1." })
    .int("Page must be a whole number from 1.")
    .min(1, "Page must be a whole number from 1.")
    .max(10_000, "Page must be at most 10000.")
    .default(1),
});
