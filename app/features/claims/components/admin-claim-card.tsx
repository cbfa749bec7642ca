import { getFormProps, getInputProps } from "@conform-to/react";
import { businessPath } from "~/lib/business-url";
import { Check, X } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldMessage } from "~/components/ui/field-message";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatReviewDate } from "~/lib/dates";
import type { FormResult } from "~/lib/form-reply";
import { useSchemaForm } from "~/lib/use-schema-form";
import { adminClaimFormSchema, CLAIM_METHOD_LABELS } from "../schema";
import type { AdminClaimItem } from "../types";
import { ClaimStatusBadge } from "./claim-card";

/** What the Claims tab's action answers. */
export type AdminClaimActionData = { ok: boolean; message: string; claimId?: string; result?: FormResult };

/** One claim in the admin's Claims tab: listing, claimant, note, verification; Approve / Refuse while open. */
export function AdminClaimCard({ claim, answer }: { claim: AdminClaimItem; answer?: AdminClaimActionData }) {
  const listing = claim.business.name;
  return (
    <li className="grid gap-3 rounded-2xl border bg-card p-5 shadow-card" data-testid="admin-claim">
      <div className="flex flex-wrap items-center gap-2">
        <ClaimStatusBadge status={claim.status} />
        <h2 className="min-w-0 font-semibold break-words">
          <Link to={businessPath(claim.business)} className="underline-offset-4 hover:underline">
            {listing}
          </Link>
        </h2>
        <time dateTime={claim.createdAt} className="ml-auto text-xs text-muted-foreground">
          {formatReviewDate(claim.createdAt)}
        </time>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="font-medium text-muted-foreground">Claimant</dt>
        <dd className="min-w-0 break-all">
          {claim.claimant.name} &lt;{claim.claimant.email}&gt;
        </dd>
        <dt className="font-medium text-muted-foreground">{CLAIM_METHOD_LABELS[claim.verificationMethod]}</dt>
        <dd className="min-w-0 break-all">{claim.verificationDetail}</dd>
        <dt className="font-medium text-muted-foreground">Note</dt>
        <dd className="min-w-0 break-words whitespace-pre-line">{claim.note}</dd>
        {claim.reason ? (
          <>
            <dt className="font-medium text-muted-foreground">Reason</dt>
            <dd className="min-w-0 break-words">{claim.reason}</dd>
          </>
        ) : null}
      </dl>
      {claim.status === "open" ? (
        <Decide claim={claim} answer={answer?.claimId === claim.id ? answer : undefined} />
      ) : null}
    </li>
  );
}

function Decide({ claim, answer }: { claim: AdminClaimItem; answer?: AdminClaimActionData }) {
  const listing = claim.business.name;
  const [form, fields] = useSchemaForm(adminClaimFormSchema, {
    id: `refuse-${claim.id}`,
    lastResult: answer?.result,
  });
  return (
    <div className="grid gap-3 border-t pt-3 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-end">
      <Form method="post">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="claimId" value={claim.id} />
        <Button type="submit" size="sm" aria-label={`Approve claim: ${listing}`}>
          <Check aria-hidden="true" />
          Approve
        </Button>
      </Form>
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="refuse" />
        <input type="hidden" name="claimId" value={claim.id} />
        <div className="grid min-w-48 flex-1 gap-1.5">
          <Label htmlFor={fields.reason.id}>Reason for refusing</Label>
          <Input {...getInputProps(fields.reason, { type: "text" })} />
          <FieldMessage id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        <Button type="submit" size="sm" variant="outline" aria-label={`Refuse claim: ${listing}`}>
          <X aria-hidden="true" />
          Refuse
        </Button>
      </Form>
    </div>
  );
}
