import { DESKTOP_WIDTH, describeRouteScans } from "./accessibility-support";

/** axe on every route at desktop width in both themes, signed out and as each role (see accessibility-support.ts). */
describeRouteScans(DESKTOP_WIDTH);
