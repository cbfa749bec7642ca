import { errorResult } from "~/lib/form-reply";
import type { BusinessFormResult } from "./components/business-form";

const UNREACHABLE = "We couldn't reach the server. Check your connection and try again; your changes are still here.";

/** Client side: a network failure becomes the same "Error" notice, and the form keeps what was typed. */
export async function guardClientAction(serverAction: () => Promise<unknown>): Promise<BusinessFormResult> {
  try {
    return (await serverAction()) as BusinessFormResult;
  } catch (error) {
    if (error instanceof Response) throw error;
    return { ok: false, message: UNREACHABLE, result: errorResult(UNREACHABLE) };
  }
}
