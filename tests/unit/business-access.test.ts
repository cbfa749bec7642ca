import { describe, expect, it } from "vitest";
import { managesBusiness, ownsBusiness } from "~/features/listings/access.server";

describe("the ownership rule", () => {
  const owner = { id: "u1", isAdmin: false, type: "business" as const };
  const other = { id: "u2", isAdmin: false, type: "business" as const };
  const admin = { id: "u3", isAdmin: true, type: "customer" as const };
  const customerWithOldListing = { id: "u1", isAdmin: false, type: "customer" as const };

  it("an admin, or the business account that owns the listing, manages it", () => {
    expect(managesBusiness(owner, "u1")).toBe(true);
    expect(managesBusiness(admin, "u1")).toBe(true);
    expect(managesBusiness(admin, null)).toBe(true);
    expect(managesBusiness(other, "u1")).toBe(false);
    expect(managesBusiness(owner, null)).toBe(false);
    expect(managesBusiness(customerWithOldListing, "u1")).toBe(false);
  });

  it("owning is the owner alone: an admin doesn't reply as the business", () => {
    expect(ownsBusiness(owner, "u1")).toBe(true);
    expect(ownsBusiness(admin, "u1")).toBe(false);
    expect(ownsBusiness(null, "u1")).toBe(false);
    expect(ownsBusiness(owner, null)).toBe(false);
  });
});
