import type { ClaimStatus, ClaimVerificationMethod } from "~/lib/catalogue";

/** A claim as its claimant sees it (their claim page, /portal, GET /api/v1/me/claims). */
export interface ClaimItem {
  id: string;
  business: { id: string; slug: string; name: string };
  note: string;
  verificationMethod: ClaimVerificationMethod;
  verificationDetail: string;
  status: ClaimStatus;
  /** The admin's reason (always given when refused). */
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** A claim as the admins see it: the claimant too. */
export interface AdminClaimItem extends ClaimItem {
  claimant: { id: string; name: string; email: string };
}

export interface ClaimPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface AdminClaimPage extends ClaimPage<AdminClaimItem> {
  /** Open claims across all pages (the tab's count). */
  open: number;
}

/** What the business page and the claim page need to know about claiming a listing. */
export interface ClaimState {
  /** Published and without an owner: "Own this business? Claim it" shows. */
  claimable: boolean;
  /** The viewer's own open claim for it, if any. */
  myOpenClaim: ClaimItem | null;
}
