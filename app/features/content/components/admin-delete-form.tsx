import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * Delete on the admin's content lists (blog posts, events, contact messages):
 * a plain form post (works without JavaScript) that asks first when it can.
 * `field` names the hidden id the section's action reads.
 */
export function AdminDeleteForm({ field, id, what }: { field: string; id: string; what: string }) {
  return (
    <Form
      method="post"
      onSubmit={(e) => {
        if (!window.confirm(`Delete “${what}”? This can't be undone.`)) e.preventDefault();
      }}
    >
      <input type="hidden" name={field} value={id} />
      <Button
        aria-label={`Delete: ${what}`}
        type="submit"
        size="sm"
        variant="ghost"
        name="intent"
        value="delete"
        className="text-destructive"
      >
        <Trash2 aria-hidden="true" /> Delete
      </Button>
    </Form>
  );
}
