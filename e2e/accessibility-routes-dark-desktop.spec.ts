import { DARK_DESKTOP, describeRouteScans } from "./accessibility-support";

/** axe on every route in the dark theme at desktop width, signed out and as each role (see accessibility-support.ts). */
describeRouteScans(DARK_DESKTOP);
