import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Loader2, Pencil, Plus, Quote, Trash2, Video as VideoIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldMessage } from "~/components/ui/field-message";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { PLAN_ALLOWANCES, PLAN_LABELS, upgradeFor } from "~/lib/catalogue";
import type { FormResult } from "~/lib/form-reply";
import { VIDEO_PROVIDER_LABELS, VIDEO_URL_HELP, videoWatchUrl } from "~/lib/video-url";
import { formatGivenOn } from "../format";
import { testimonialInputSchema, videoInputSchema } from "../schema";
import type { Managed, ShowcaseAllowance, Testimonial, Video } from "../types";
import { z } from "zod";

export type ShowcaseActionData = {
  ok: boolean;
  intent: string | null;
  itemId: string | null;
  result: FormResult;
};

type Kind = "testimonials" | "videos";
const NOUN: Record<Kind, [string, string]> = {
  testimonials: ["testimonial", "testimonials"],
  videos: ["video", "videos"],
};

const addTestimonialSchema = testimonialInputSchema.extend({ intent: z.literal("add-testimonial") });
const editTestimonialSchema = testimonialInputSchema.extend({
  intent: z.literal("edit-testimonial"),
  itemId: z.uuid(),
});
const addVideoSchema = videoInputSchema.extend({ intent: z.literal("add-video") });

/** The answer, if it belongs to this form (several forms share the page's action). */
function answerFor(answer: ShowcaseActionData | undefined, intent: string, itemId: string | null = null) {
  return answer && answer.intent === intent && (itemId === null || answer.itemId === itemId) ? answer : undefined;
}

function useBusy(intent: string, itemId: string | null = null) {
  const navigation = useNavigation();
  const data = navigation.formData;
  return (
    navigation.state === "submitting" &&
    data?.get("intent") === intent &&
    (itemId === null || data?.get("itemId") === itemId)
  );
}

/** "2 of 5 testimonials on the Featured plan", and, when full, the plan that allows more. */
export function AllowanceNote({
  kind,
  allowance,
  isAdmin,
}: {
  kind: Kind;
  allowance: ShowcaseAllowance;
  isAdmin: boolean;
}) {
  const [one, many] = NOUN[kind];
  const { plan, limit, used } = allowance;
  const full = !isAdmin && used >= limit;
  const better = upgradeFor(plan, kind);
  return (
    <div className="grid gap-1 text-sm" data-testid={`${kind}-allowance`}>
      <p className="font-medium">
        {limit === 0
          ? `The ${PLAN_LABELS[plan]} plan doesn't include ${many}.`
          : `${used} of ${limit} ${limit === 1 ? one : many} on the ${PLAN_LABELS[plan]} plan`}
        {used > limit
          ? `${limit === 0 ? "" : "."} ${used - limit} hidden from your page (kept: a bigger plan shows them again).`
          : ""}
      </p>
      {isAdmin ? (
        <p className="text-muted-foreground">
          {limit === 0
            ? `As an admin you may add ${many}; the public sees none on this plan.`
            : `As an admin you may add more; the public sees the first ${limit === 1 ? one : `${limit} ${many}`}.`}
        </p>
      ) : full && better ? (
        <p className="text-muted-foreground">
          <Link to="/pricing" className="font-semibold text-primary underline-offset-4 hover:underline">
            Upgrade to {PLAN_LABELS[better]}
          </Link>{" "}
          for up to {PLAN_ALLOWANCES[better][kind]} {many}.
        </p>
      ) : full ? (
        <p className="text-muted-foreground">Remove a {one} to add another.</p>
      ) : null}
    </div>
  );
}

function FormAlert({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.[0] ? (
    <p
      role="alert"
      id={id}
      className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {errors[0]}
    </p>
  ) : null;
}

function TestimonialForm({
  answer,
  initial,
}: {
  answer: ShowcaseActionData | undefined;
  /** Editing this one; absent: a new testimonial. */
  initial?: Testimonial;
}) {
  const intent = initial ? "edit-testimonial" : "add-testimonial";
  const schema = initial ? editTestimonialSchema : addTestimonialSchema;
  const mine = answerFor(answer, intent, initial?.id ?? null);
  const busy = useBusy(intent, initial?.id ?? null);
  const [form, fields] = useForm({
    id: initial ? `testimonial-${initial.id}` : "add-testimonial",
    lastResult: mine?.result,
    constraint: getZodConstraint(schema),
    defaultValue: initial
      ? { author: initial.author, quote: initial.quote, source: initial.source ?? "", givenOn: initial.givenOn ?? "" }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value={intent} />
      {initial ? <input type="hidden" name="itemId" value={initial.id} /> : null}
      <div className="sm:col-span-2">
        <FormAlert id={form.errorId} errors={form.errors} />
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor={fields.quote.id}>Testimonial</Label>
        <Textarea rows={3} {...getTextareaProps(fields.quote)} />
        <FieldMessage id={fields.quote.errorId} errors={fields.quote.errors} />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={fields.author.id}>Who said it</Label>
        <Input {...getInputProps(fields.author, { type: "text" })} />
        <FieldMessage id={fields.author.errorId} errors={fields.author.errors} />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={fields.source.id}>
          Source <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          placeholder="A newspaper, a guide, a customer email…"
          {...getInputProps(fields.source, { type: "text" })}
        />
        <FieldMessage id={fields.source.errorId} errors={fields.source.errors} />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={fields.givenOn.id}>
          Date <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input {...getInputProps(fields.givenOn, { type: "date" })} />
        <FieldMessage id={fields.givenOn.errorId} errors={fields.givenOn.errors} />
      </div>
      <div className="flex items-end">
        <Button type="submit" disabled={busy}>
          {busy ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : initial ? (
            <Pencil aria-hidden="true" />
          ) : (
            <Plus aria-hidden="true" />
          )}
          {initial ? "Save testimonial" : "Add testimonial"}
        </Button>
      </div>
    </Form>
  );
}

function DeleteButton({ intent, itemId, label }: { intent: string; itemId: string; label: string }) {
  const busy = useBusy(intent, itemId);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={itemId} />
      <Button type="submit" variant="ghost" size="sm" disabled={busy} aria-label={label}>
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Trash2 aria-hidden="true" />}
        Remove
      </Button>
    </Form>
  );
}

function HiddenBadge() {
  return (
    <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
      Hidden: over the plan
    </span>
  );
}

export function TestimonialsManager({
  items,
  allowance,
  isAdmin,
  answer,
}: {
  items: Managed<Testimonial>[];
  allowance: ShowcaseAllowance;
  isAdmin: boolean;
  answer: ShowcaseActionData | undefined;
}) {
  const room = isAdmin || allowance.used < allowance.limit;
  return (
    <section
      aria-labelledby="testimonials-manage-heading"
      className="grid gap-5 rounded-3xl border bg-card p-5 shadow-card sm:p-7"
    >
      <div className="grid gap-2">
        <h2 id="testimonials-manage-heading" className="flex items-center gap-2 text-xl font-bold">
          <Quote aria-hidden="true" className="size-5 text-primary" />
          Testimonials
        </h2>
        <p className="text-sm text-muted-foreground">
          Quotes about your business from customers, critics or the press. Your page shows them apart from reviews,
          marked as provided by you; they never count in your rating.
        </p>
        <AllowanceNote kind="testimonials" allowance={allowance} isAdmin={isAdmin} />
      </div>
      {items.length ? (
        <ul className="grid gap-3" data-testid="managed-testimonials">
          {items.map((t) => (
            <li key={t.id} className="grid gap-2 rounded-2xl border p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <blockquote className="min-w-0 flex-1 whitespace-pre-line break-words">“{t.quote}”</blockquote>
                {t.hidden ? <HiddenBadge /> : null}
              </div>
              <p className="text-sm text-muted-foreground">
                — {t.author}
                {t.source ? `, ${t.source}` : ""}
                {t.givenOn ? ` · ${formatGivenOn(t.givenOn)}` : ""}
              </p>
              <div className="flex flex-wrap items-start gap-2">
                <details
                  className="group min-w-0 flex-1"
                  open={!!answerFor(answer, "edit-testimonial", t.id) && !answer?.ok}
                >
                  <summary className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-semibold hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit<span className="sr-only"> the testimonial by {t.author}</span>
                  </summary>
                  <div className="mt-3">
                    <TestimonialForm answer={answer} initial={t} />
                  </div>
                </details>
                <DeleteButton
                  intent="delete-testimonial"
                  itemId={t.id}
                  label={`Remove the testimonial by ${t.author}`}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {room ? (
        <div className="grid gap-3 border-t pt-5">
          <h3 className="font-semibold">Add a testimonial</h3>
          <TestimonialForm answer={answer} />
        </div>
      ) : null}
    </section>
  );
}

function VideoForm({ answer }: { answer: ShowcaseActionData | undefined }) {
  const mine = answerFor(answer, "add-video");
  const busy = useBusy("add-video");
  const [form, fields] = useForm({
    id: "add-video",
    lastResult: mine?.result,
    constraint: getZodConstraint(addVideoSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addVideoSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="add-video" />
      <div className="sm:col-span-2">
        <FormAlert id={form.errorId} errors={form.errors} />
      </div>
      <div className="grid content-start gap-2 sm:col-span-2">
        <Label htmlFor={fields.url.id}>YouTube or Vimeo link</Label>
        <Input
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          {...getInputProps(fields.url, { type: "text", ariaDescribedBy: `${fields.url.id}-hint` })}
        />
        <p id={`${fields.url.id}-hint`} className="text-sm text-muted-foreground">
          {VIDEO_URL_HELP}
        </p>
        <FieldMessage id={fields.url.errorId} errors={fields.url.errors} />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={fields.title.id}>Title</Label>
        <Input {...getInputProps(fields.title, { type: "text" })} />
        <FieldMessage id={fields.title.errorId} errors={fields.title.errors} />
      </div>
      <div className="flex items-end">
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
          Add video
        </Button>
      </div>
    </Form>
  );
}

export function VideosManager({
  items,
  allowance,
  isAdmin,
  answer,
}: {
  items: Managed<Video>[];
  allowance: ShowcaseAllowance;
  isAdmin: boolean;
  answer: ShowcaseActionData | undefined;
}) {
  const room = isAdmin || allowance.used < allowance.limit;
  return (
    <section
      aria-labelledby="videos-manage-heading"
      className="grid gap-5 rounded-3xl border bg-card p-5 shadow-card sm:p-7"
    >
      <div className="grid gap-2">
        <h2 id="videos-manage-heading" className="flex items-center gap-2 text-xl font-bold">
          <VideoIcon aria-hidden="true" className="size-5 text-primary" />
          Videos
        </h2>
        <p className="text-sm text-muted-foreground">
          Link your YouTube or Vimeo videos. Your page shows a poster with the title; the video loads only when a
          visitor presses play.
        </p>
        <AllowanceNote kind="videos" allowance={allowance} isAdmin={isAdmin} />
      </div>
      {items.length ? (
        <ul className="grid gap-3" data-testid="managed-videos">
          {items.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border p-4">
              <div className="grid min-w-0 gap-0.5">
                <p className="font-semibold break-words">{v.title}</p>
                <a
                  href={videoWatchUrl({ provider: v.provider, id: v.videoId })}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-sm text-primary underline-offset-4 hover:underline"
                >
                  Watch on {VIDEO_PROVIDER_LABELS[v.provider]}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </div>
              <div className="flex items-center gap-2">
                {v.hidden ? <HiddenBadge /> : null}
                <DeleteButton intent="delete-video" itemId={v.id} label={`Remove the video ${v.title}`} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {room ? (
        <div className="grid gap-3 border-t pt-5">
          <h3 className="font-semibold">Add a video</h3>
          <VideoForm answer={answer} />
        </div>
      ) : null}
    </section>
  );
}
