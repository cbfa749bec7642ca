import { PLAN_ALLOWANCES, PLAN_LABELS, upgradeFor, type ListingPlan } from "../../lib/catalogue";
import { countLabel } from "../../lib/plural";

/** "1 of 3 menus on the Featured plan" (what is left, for the owner's page). */
export function menuAllowanceSummary(plan: ListingPlan, used: number) {
  const limit = PLAN_ALLOWANCES[plan].menuAttachments;
  return `${used} of ${countLabel(limit, "menu")} on the ${PLAN_LABELS[plan]} plan`;
}

/**
 * The refusal when the plan is full, naming the plan that allows more: "The Featured plan includes 3 menus.
 * Upgrade to Premium for up to 20." (Basic: "The Basic plan doesn't include menus. Upgrade to Featured for up to 3.")
 */
export function menuAllowanceMessage(plan: ListingPlan, wanted = PLAN_ALLOWANCES[plan].menuAttachments + 1) {
  const limit = PLAN_ALLOWANCES[plan].menuAttachments;
  const included =
    limit === 0
      ? `The ${PLAN_LABELS[plan]} plan doesn't include menus.`
      : `The ${PLAN_LABELS[plan]} plan includes ${countLabel(limit, "menu")}.`;
  const better = upgradeFor(plan, "menuAttachments", wanted);
  if (!better) return `${included} Remove a menu to add another.`;
  return `${included} Upgrade to ${PLAN_LABELS[better]} for up to ${PLAN_ALLOWANCES[better].menuAttachments}.`;
}
