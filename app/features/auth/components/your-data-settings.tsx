import { getFormProps } from "@conform-to/react";
import { Download, Loader2, Trash2 } from "lucide-react";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import type { FormResult } from "~/lib/form-reply";
import { useSchemaForm } from "~/lib/use-schema-form";
import { deleteAccountSchema } from "../account-data-schema";
import { FormError, FormField } from "./form-field";

/**
 * The privacy policy's data rights on the settings page: download
 * everything as JSON (/account/export), and delete the account after typing
 * its email. Both work without JavaScript.
 */
export function YourDataSettings({
  email,
  isAdmin,
  lastResult,
}: {
  email: string;
  isAdmin: boolean;
  lastResult: FormResult | null;
}) {
  const schema = useMemo(() => deleteAccountSchema(email), [email]);
  const [form, fields] = useSchemaForm(schema, { id: "delete-account", lastResult });
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete-account";

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1 text-sm">
          <p className="font-medium">Download your data</p>
          <p className="text-muted-foreground">
            A JSON file with your account, reviews, favorites, listings, events and the messages you sent.
          </p>
        </div>
        <Button asChild variant="outline" className="shrink-0">
          <a href="/account/export" download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
      </div>

      <div className="grid gap-4 rounded-xl border border-destructive/40 p-4">
        <div className="grid gap-1 text-sm">
          <p className="font-medium">Delete your account</p>
          <p className="text-muted-foreground">
            This deletes your account, your reviews (and their replies), favorites, helpful marks, RSVPs and the
            messages you sent, and signs you out everywhere. Businesses you listed stay in the directory without an
            owner. It can&apos;t be undone.
          </p>
        </div>
        {isAdmin ? (
          <p className="text-sm text-muted-foreground">
            An admin account can&apos;t be deleted. Ask another admin to remove your admin rights first.
          </p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:max-w-md">
            <input type="hidden" name="intent" value="delete-account" />
            <FormField
              label="Type your email address to confirm"
              name={fields.confirmEmail.name}
              type="email"
              autoComplete="off"
              placeholder={email}
              defaultValue={fields.confirmEmail.initialValue ?? ""}
              error={fields.confirmEmail.errors?.[0]}
            />
            <FormError message={form.errors?.[0]} />
            <div>
              <Button type="submit" variant="destructive" disabled={deleting}>
                {deleting ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Trash2 aria-hidden="true" />}
                Delete my account
              </Button>
            </div>
          </Form>
        )}
      </div>
    </div>
  );
}
