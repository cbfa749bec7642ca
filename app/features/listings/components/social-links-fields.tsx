import { Link } from "react-router";
import { Input } from "~/components/ui/input";
import { PLAN_ALLOWANCES, PLAN_LABELS, PLANS, type ListingPlan } from "../../../lib/catalogue";
import { SOCIAL_NETWORK_INFO, SOCIAL_NETWORKS, SOCIAL_URL_MAX, type SocialLinks } from "~/lib/social-links";
import { Field, FieldError } from "./field";

/**
 * The listing form's social links (issue 36): an input per network on a plan that includes them (and for admins),
 * with `socialLinks.edit` so that an emptied input clears its link. On a plan without them: what the upgrade gives,
 * and that links saved on a bigger plan are kept, hidden, until the listing is upgraded again.
 */
export function SocialLinksFields({
  initial,
  plan,
  isAdmin,
  errors,
}: {
  initial: SocialLinks;
  plan: ListingPlan;
  isAdmin: boolean;
  errors: Record<string, string>;
}) {
  const saved = SOCIAL_NETWORKS.filter((n) => initial[n]).length;
  if (!isAdmin && !PLAN_ALLOWANCES[plan].socialLinks) {
    const better = PLANS.find((p) => PLAN_ALLOWANCES[p].socialLinks);
    return (
      <div className="grid gap-2 rounded-xl border border-dashed p-4 text-sm" data-testid="social-links-upsell">
        <p>
          The {PLAN_LABELS[plan]} plan doesn't include social links.{" "}
          {better ? (
            <Link to="/pricing" className="font-semibold text-primary underline-offset-4 hover:underline">
              Upgrade to {PLAN_LABELS[better]}
            </Link>
          ) : null}{" "}
          {better ? "to show your Facebook, Instagram and other pages on your listing." : null}
        </p>
        {saved ? (
          <p className="text-muted-foreground">
            Your {saved === 1 ? "saved link is" : `${saved} saved links are`} kept, hidden from your page until you
            upgrade.
          </p>
        ) : null}
        <FieldError id="social-links-error" message={errors.socialLinks} />
      </div>
    );
  }
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <input type="hidden" name="socialLinks.edit" value="1" />
      {SOCIAL_NETWORKS.map((network) => {
        const info = SOCIAL_NETWORK_INFO[network];
        return (
          <Field key={network} label={info.label} error={errors[`socialLinks.${network}`]}>
            {(p) => (
              <Input
                {...p}
                name={`socialLinks.${network}`}
                type="url"
                defaultValue={initial[network] ?? ""}
                maxLength={SOCIAL_URL_MAX}
                placeholder={`e.g. ${info.example}`}
              />
            )}
          </Field>
        );
      })}
      {errors.socialLinks ? <FieldError id="social-links-error" message={errors.socialLinks} /> : null}
    </div>
  );
}
