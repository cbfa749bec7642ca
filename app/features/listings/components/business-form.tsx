import { Clock, ImageIcon, Loader2, MapPin, Phone, Share2, Sparkles, Store, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import {
  AGE_GROUP_OPTIONS,
  LIMITS,
  PLAN_LABELS,
  PLANS,
  PRICE_RANGE_OPTIONS,
  type ListingPlan,
} from "../../../lib/catalogue";
import { categoryContext, categoryForKind, categoryGroup, isCategorySlug } from "~/lib/category-tree";
import type { FormResult } from "~/lib/form-reply";
import { isValidationSubmit, useSchemaForm } from "~/lib/use-schema-form";
import { businessFormSchema } from "../schema";
import type { ManagedBusiness } from "../types";
import { Field, FieldError, FormSection } from "./field";
import { postalExample, postalLabel, regionLabel, regionRequired, SERVICE_AREA_LIMITS } from "~/lib/address";
import { hasPostalCodes } from "~/lib/postal-codes";
import { HoursEditor, defaultHours, hoursFromStored, type HoursRow } from "./hours-editor";
import { PhotoManager, photosFromStored, type PhotoItem } from "./photo-manager";
import { AdditionalCategoriesPicker, CategoryPicker } from "./category-picker";
import { SocialLinksFields } from "./social-links-fields";
import { TagInput } from "./tag-input";
import { LocationPicker } from "~/features/maps/components/location-picker";

/** The action's answer: saved, or refused with a notice's message and Conform's result (each field's messages). */
export type BusinessFormResult =
  { ok: true; id: string; status: string } | { ok: false; message: string; result: FormResult };

export type BusinessFormInitial = Partial<ManagedBusiness> & {
  city: string;
  state: string | null;
  country: string;
  /** The tree's slug; the form falls back to the group and kind for a listing loaded without it. */
  primaryCategory?: string;
};

/** The listing's primary category; one loaded without it is named by its group and kind (the spec's shape). */
function initialPrimary(initial: BusinessFormInitial): string {
  if (initial.primaryCategory && isCategorySlug(initial.primaryCategory)) return initial.primaryCategory;
  if (!initial.category) return "";
  return categoryForKind(initial.category, initial.category === "restaurants" ? initial.cuisine : initial.subcategory);
}

const FEATURE_SUGGESTIONS = [
  "Wi-Fi",
  "Outdoor Seating",
  "Takeout",
  "Delivery",
  "Reservations",
  "Wheelchair Accessible",
  "Parking",
  "Family Friendly",
];

/**
 * The add / edit business form (Conform, `businessFormSchema`: the schema the
 * action parses with). Checked in the browser on submit, then on every input;
 * nothing the user typed is lost when the server refuses (its field messages
 * appear inline, its message in a notice). New photos ride in hidden file
 * inputs, so the form's own data is what is checked and sent.
 */
export function BusinessForm({
  mode,
  initial,
  countries,
  isAdmin,
  photoLimit,
  submitting,
  result,
  onSubmit,
  cancelHref,
}: {
  mode: "new" | "edit";
  initial: BusinessFormInitial;
  /** The Country select's options, from the loader (the names stay on the server). */
  countries: readonly { value: string; label: string }[];
  isAdmin: boolean;
  /** Null: not limited (admins). */
  photoLimit: number | null;
  submitting: boolean;
  result: BusinessFormResult | undefined;
  onSubmit: (data: FormData) => void;
  cancelHref: string;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  // The primary category (a slug of the tree); a listing stored before the tree names it by its group and kind.
  const [primary, setPrimary] = useState(() => initialPrimary(initial));
  const group = primary ? categoryGroup(primary) : undefined;
  const [ageGroups, setAgeGroups] = useState<string[]>(initial.ageGroups ?? []);
  const [description, setDescription] = useState(initial.description ?? "");
  const [features, setFeatures] = useState<string[]>(initial.features ?? []);
  const [labels, setLabels] = useState<string[]>(initial.categories ?? []);
  const [hours, setHours] = useState<HoursRow[]>(() =>
    initial.hours ? hoursFromStored(initial.hours) : defaultHours(),
  );
  const [photos, setPhotos] = useState<PhotoItem[]>(() => photosFromStored(initial.photos ?? []));
  const [plan, setPlan] = useState<ListingPlan>(initial.plan ?? "basic");
  // The region's and postal code's names and rules follow the country (app/lib/address.ts).
  const [country, setCountry] = useState(initial.country);
  const postal = hasPostalCodes(country);
  const [serving, setServing] = useState(initial.serviceAreaBusiness ?? false);
  const [form] = useSchemaForm(businessFormSchema, {
    id: "business",
    lastResult: result && !result.ok ? result.result : undefined,
  });
  // Refused in the browser since the server last answered: its notice gives way to "Please correct…".
  const [refusedHere, setRefusedHere] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // Each input's first message, by the input's name (the form-level message is the notice's).
  const errors: Record<string, string> = {};
  if (!submitting)
    for (const [name, messages] of Object.entries(form.allErrors)) if (name && messages[0]) errors[name] = messages[0];
  const errorCount = Object.keys(errors).length;
  const serverMessage = result && !result.ok && !submitting && !refusedHere ? result.message : null;
  const problem =
    serverMessage ??
    (errorCount && !submitting
      ? `Please correct the highlighted ${errorCount === 1 ? "field" : `fields (${errorCount})`}.`
      : null);

  // After a refused submit (here or on the server), take the user to the first problem.
  useEffect(() => {
    if (!attempt && !result) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [attempt, result]);

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    if (isValidationSubmit(event)) return;
    if (event.defaultPrevented) {
      setRefusedHere(true);
      setAttempt((n) => n + 1);
      return;
    }
    event.preventDefault();
    setRefusedHere(false);
    onSubmit(new FormData(event.currentTarget));
  }

  return (
    <form
      ref={formRef}
      id={form.id}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={handleSubmit}
      className="grid gap-6"
    >
      <FormSection
        id="section-basics"
        icon={Store}
        title="The basics"
        description="What your business is called and what it does."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Business name" required error={errors.name} className="sm:col-span-2">
            {(p) => (
              <Input
                {...p}
                name="name"
                defaultValue={initial.name ?? ""}
                maxLength={LIMITS.name}
                autoComplete="organization"
                className="h-11"
              />
            )}
          </Field>
          <Field
            label="Category"
            required
            error={errors.primaryCategory ?? errors.category ?? errors.cuisine ?? errors.subcategory}
            className="sm:col-span-2"
            hint={
              primary && categoryContext(primary)
                ? `In ${categoryContext(primary)}. Type to change it.`
                : "What your business is: type a few letters, like “dent” for Dentists, and choose from the list."
            }
          >
            {(p) => <CategoryPicker control={p} value={primary} onChange={setPrimary} />}
          </Field>
          {group === "entertainment" ? (
            <fieldset className="grid gap-2 sm:col-span-2">
              <legend className="mb-2 text-sm font-medium">Suitable for</legend>
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {AGE_GROUP_OPTIONS.map((o) => (
                  <label key={o.value} className="inline-flex cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="ageGroups"
                      value={o.value}
                      checked={ageGroups.includes(o.value)}
                      onChange={(e) =>
                        setAgeGroups(
                          e.target.checked ? [...ageGroups, o.value] : ageGroups.filter((g) => g !== o.value),
                        )
                      }
                      className="size-4 cursor-pointer accent-primary"
                    />
                    {o.label}
                  </label>
                ))}
              </div>
              <FieldError message={errors.ageGroups} />
            </fieldset>
          ) : null}
          <Field
            label="Description"
            error={errors.description}
            className="sm:col-span-2"
            aside={
              <span className="text-xs text-muted-foreground tabular-nums">
                {description.length.toLocaleString("en-US")}/{LIMITS.description.toLocaleString("en-US")}
              </span>
            }
          >
            {(p) => (
              <Textarea
                {...p}
                name="description"
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                maxLength={LIMITS.description}
                rows={5}
                placeholder="What makes it special: what you serve or sell, the atmosphere, who you are."
              />
            )}
          </Field>
          <Field label="Price range" error={errors.priceRange}>
            {(p) => (
              <NativeSelect {...p} name="priceRange" defaultValue={initial.priceRange ?? ""}>
                <option value="">Not specified</option>
                {PRICE_RANGE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {isAdmin ? (
            <Field label="Plan" error={errors.plan} hint="Sets the photo limit for the owner. Admins can change it.">
              {(p) => (
                <NativeSelect {...p} name="plan" value={plan} onChange={(e) => setPlan(e.target.value as ListingPlan)}>
                  {PLANS.map((v) => (
                    <option key={v} value={v}>
                      {PLAN_LABELS[v]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          ) : null}
        </div>
      </FormSection>

      <FormSection id="section-location" icon={MapPin} title="Location" description="Where customers find you.">
        {/* "I serve customers at their location" swaps the street address for the service area with CSS (:has), so it
            works before and without JavaScript; the server keeps only what the box says (schema.ts). */}
        <div className="group/location grid grid-cols-2 gap-5 sm:grid-cols-6">
          <div className="col-span-2 grid gap-1 sm:col-span-6">
            <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                id="serve-at-location"
                name="serviceAreaBusiness"
                checked={serving}
                onChange={(e) => setServing(e.target.checked)}
                aria-describedby="serve-at-location-hint"
                className="size-4 cursor-pointer accent-primary"
              />
              I serve customers at their location (no storefront)
            </label>
            <p id="serve-at-location-hint" className="text-xs text-muted-foreground">
              For food trucks, mobile services and anyone who comes to their customers: your page shows the area you
              serve, never a street address or a pin.
            </p>
            <FieldError message={errors.serviceAreaBusiness} />
          </div>
          <Field label="Country" required error={errors.country} className="col-span-2 sm:col-span-3">
            {(p) => (
              <NativeSelect
                {...p}
                name="country"
                value={country}
                autoComplete="country"
                onChange={(e) => setCountry(e.target.value)}
              >
                {countries.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            label="Address"
            required
            error={errors.address}
            className="col-span-2 group-has-[#serve-at-location:checked]/location:hidden sm:col-span-6"
          >
            {(p) => (
              <Input
                {...p}
                name="address"
                defaultValue={initial.address ?? ""}
                maxLength={LIMITS.address}
                autoComplete="street-address"
                placeholder="e.g. 123 Main Street"
              />
            )}
          </Field>
          <Field
            label="Cities or postal codes you serve"
            error={errors.serviceArea ?? Object.entries(errors).find(([k]) => k.startsWith("serviceArea."))?.[1]}
            className="col-span-2 hidden group-has-[#serve-at-location:checked]/location:grid sm:col-span-6"
            hint={`Up to ${SERVICE_AREA_LIMITS.places}, separated by commas. Or give a radius below, or both.`}
          >
            {(p) => (
              <Textarea
                {...p}
                name="serviceArea"
                defaultValue={(initial.serviceArea ?? []).join(", ")}
                rows={2}
                placeholder="e.g. Springfield, Chatham, 62704"
              />
            )}
          </Field>
          <Field
            label="Radius around your base (km)"
            error={errors.serviceRadiusKm}
            className="col-span-2 hidden group-has-[#serve-at-location:checked]/location:grid sm:col-span-3"
            hint="Measured from the map position below, which is never shown."
          >
            {(p) => (
              <Input
                {...p}
                name="serviceRadiusKm"
                type="number"
                min={1}
                max={SERVICE_AREA_LIMITS.radiusKm}
                step="any"
                inputMode="decimal"
                defaultValue={initial.serviceRadiusKm ?? ""}
                placeholder="e.g. 25"
              />
            )}
          </Field>
          <Field label="City" required error={errors.city} className="col-span-2 sm:col-span-3">
            {(p) => (
              <Input
                {...p}
                name="city"
                defaultValue={initial.city}
                maxLength={LIMITS.city}
                autoComplete="address-level2"
              />
            )}
          </Field>
          <Field
            label={regionLabel(country)}
            required={regionRequired(country)}
            error={errors.state}
            className="col-span-1 sm:col-span-1"
          >
            {(p) => (
              <Input
                {...p}
                name="state"
                defaultValue={initial.state ?? ""}
                maxLength={LIMITS.state}
                autoComplete="address-level1"
              />
            )}
          </Field>
          <Field
            label={postalLabel(country)}
            required={postal && !serving}
            error={errors.zip}
            className="col-span-1 sm:col-span-2"
            hint={postal ? undefined : "None in this country: leave it empty."}
          >
            {(p) => (
              <Input
                {...p}
                name="zip"
                defaultValue={initial.zip ?? ""}
                maxLength={LIMITS.zip}
                inputMode={country === "US" ? "numeric" : undefined}
                autoComplete="postal-code"
                placeholder={postalExample(country) ? `e.g. ${postalExample(country)!.split(" or ")[0]}` : undefined}
              />
            )}
          </Field>
          <Field
            label="Neighborhood"
            error={errors.neighborhood}
            className="col-span-2 sm:col-span-6"
            hint="Optional. Lets people find you by typing it in “Near”."
          >
            {(p) => (
              <Input
                {...p}
                name="neighborhood"
                defaultValue={initial.neighborhood ?? ""}
                maxLength={LIMITS.neighborhood}
                placeholder="e.g. Downtown"
              />
            )}
          </Field>
          <Field
            label="Latitude"
            error={errors.latitude}
            className="col-span-1 sm:col-span-3"
            hint="Optional. Places the pin on the map."
          >
            {(p) => (
              <Input
                {...p}
                name="latitude"
                defaultValue={initial.latitude ?? ""}
                inputMode="decimal"
                placeholder="e.g. 39.7817"
              />
            )}
          </Field>
          <Field label="Longitude" error={errors.longitude} className="col-span-1 sm:col-span-3">
            {(p) => (
              <Input
                {...p}
                name="longitude"
                defaultValue={initial.longitude ?? ""}
                inputMode="decimal"
                placeholder="e.g. -89.6501"
              />
            )}
          </Field>
          <LocationPicker
            initial={{
              latitude: initial.latitude ?? null,
              longitude: initial.longitude ?? null,
              precision: initial.locationPrecision ?? null,
              country: initial.country ?? null,
            }}
          />
        </div>
      </FormSection>

      <FormSection
        id="section-contact"
        icon={Phone}
        title="Contact"
        description="How customers reach you. All optional."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Phone" error={errors.phone}>
            {(p) => (
              <Input
                {...p}
                name="phone"
                type="tel"
                defaultValue={initial.phone ?? ""}
                maxLength={LIMITS.phone}
                autoComplete="tel"
                placeholder={country === "US" ? "e.g. (217) 555-0142" : undefined}
              />
            )}
          </Field>
          <Field label="Email" error={errors.email}>
            {(p) => (
              <Input
                {...p}
                name="email"
                type="email"
                defaultValue={initial.email ?? ""}
                maxLength={LIMITS.email}
                autoComplete="email"
                placeholder="e.g. hello@example.com"
              />
            )}
          </Field>
          <Field label="Website" error={errors.website}>
            {(p) => (
              <Input
                {...p}
                name="website"
                type="url"
                defaultValue={initial.website ?? ""}
                maxLength={LIMITS.url}
                autoComplete="url"
                placeholder="e.g. https://example.com"
              />
            )}
          </Field>
          <Field label="Booking URL" error={errors.bookingUrl} hint="Adds a “Book Now” button to your page.">
            {(p) => (
              <Input
                {...p}
                name="bookingUrl"
                type="url"
                defaultValue={initial.bookingUrl ?? ""}
                maxLength={LIMITS.url}
                placeholder="e.g. https://example.com/book"
              />
            )}
          </Field>
        </div>
      </FormSection>

      <FormSection
        id="section-social"
        icon={Share2}
        title="Social links"
        description="Your pages elsewhere, shown on your listing. Each is an https address on that network."
      >
        <SocialLinksFields initial={initial.socialLinks ?? {}} plan={plan} isAdmin={isAdmin} errors={errors} />
      </FormSection>

      <FormSection
        id="section-features"
        icon={Sparkles}
        title="Features and categories"
        description="Short tags that help people find you."
      >
        <div className="grid gap-6 sm:grid-cols-2">
          <TagInput
            name="features"
            label="Features"
            noun="feature"
            value={features}
            onChange={setFeatures}
            max={LIMITS.features}
            placeholder="e.g. Outdoor Seating"
            hint="Press Enter or comma to add."
            error={errors.features ?? Object.entries(errors).find(([k]) => k.startsWith("features."))?.[1]}
            suggestions={FEATURE_SUGGESTIONS}
          />
          <AdditionalCategoriesPicker
            value={labels}
            onChange={setLabels}
            primary={primary}
            plan={plan}
            isAdmin={isAdmin}
            error={errors.categories ?? Object.entries(errors).find(([k]) => k.startsWith("categories."))?.[1]}
          />{" "}
        </div>
      </FormSection>

      <FormSection
        id="section-hours"
        icon={Clock}
        title="Business hours"
        description="Tick “After midnight” when you close the next morning, such as 6:00 PM to 2:00 AM."
      >
        <HoursEditor value={hours} onChange={setHours} errors={errors} />
      </FormSection>

      <FormSection
        id="section-photos"
        icon={ImageIcon}
        title="Photos"
        description="The first photo is the cover. Describe each one for people using screen readers."
      >
        <PhotoManager value={photos} onChange={setPhotos} limit={photoLimit} plan={plan} errors={errors} />
      </FormSection>

      <div className="sticky bottom-0 z-10 -mx-4 border-t bg-background/95 px-4 py-4 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:mx-0 sm:rounded-2xl sm:border sm:px-6 sm:shadow-lift">
        {problem ? (
          <p role="alert" className="mb-3 flex items-center gap-2 text-sm font-medium text-destructive">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <Button asChild variant="outline">
            <Link to={cancelHref}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={!hydrated || submitting} className="min-w-36">
            {submitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {submitting ? "Saving…" : mode === "new" ? "Add Business" : "Save Changes"}
          </Button>
        </div>
      </div>
    </form>
  );
}
