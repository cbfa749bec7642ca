import { DARK_PHONE, describeRouteScans } from "./accessibility-support";

/** axe on every route in the dark theme at 390 px, signed out and as each role (see accessibility-support.ts). */
describeRouteScans(DARK_PHONE);
