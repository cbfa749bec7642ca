import { PHONE_WIDTH, describeRouteScans } from "./accessibility-support";

/**
 * axe on every route at 390 px in both themes, signed out and as each role, and no page scrolling sideways (see
 * accessibility-support.ts).
 */
describeRouteScans(PHONE_WIDTH);
