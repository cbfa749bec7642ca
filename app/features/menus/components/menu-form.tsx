import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Loader2, Upload } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { LabelledField } from "~/components/ui/field-message";
import { Input } from "~/components/ui/input";
import type { FormResult } from "~/lib/form-reply";
import { ACCEPTED_MENU_TYPES, menuFormSchema } from "../schema";

/**
 * Add a menu (Conform, the schema the server uses): a title and one file, posted as a plain multipart form (works
 * without JavaScript). The server checks the file by its content.
 */
export function MenuForm({ lastResult }: { lastResult?: FormResult }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const [form, fields] = useForm({
    id: "menu",
    lastResult,
    constraint: getZodConstraint(menuFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: menuFormSchema }),
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="intent" value="add" />
      {form.errors?.[0] ? (
        <p
          role="alert"
          id={form.errorId}
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {form.errors[0]}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <LabelledField
          id={fields.title.id}
          label="Title"
          hint="What it is: “Dinner”, “Drinks”, “Kids' menu”."
          errors={fields.title.errors}
          errorId={fields.title.errorId}
        >
          <Input {...getInputProps(fields.title, { type: "text" })} maxLength={80} />
        </LabelledField>
        <LabelledField
          id={fields.file.id}
          label="File"
          hint="A PDF (up to 50 pages), or a JPEG, PNG, WebP or AVIF image; 10 MB at most."
          errors={fields.file.errors}
          errorId={fields.file.errorId}
        >
          <Input
            {...getInputProps(fields.file, { type: "file" })}
            accept={ACCEPTED_MENU_TYPES.join(",")}
            className="file:mr-3 file:font-semibold"
          />
        </LabelledField>
      </div>
      <Button type="submit" className="w-fit" disabled={sending}>
        {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
        {sending ? "Uploading…" : "Add menu"}
      </Button>
    </Form>
  );
}
