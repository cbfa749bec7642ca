import { SearchX } from "lucide-react";
import { MissingScreen } from "~/components/layout/lazy-error-screens";

/** The spec's page for an unknown, unpublished or malformed business id (served with HTTP 404), its code
 * out of the business page's first load like the other error screens. */
export function BusinessNotFound() {
  return (
    <MissingScreen
      icon={SearchX}
      title="Business Not Found"
      message="The business you're looking for doesn't exist or has been removed."
    />
  );
}
