import { LIGHT_DESKTOP, describeRouteScans } from "./accessibility-support";

/** axe on every route in the light theme at desktop width, signed out and as each role (see accessibility-support.ts). */
describeRouteScans(LIGHT_DESKTOP);
