import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Every path of the spec's route table, nested under the shared layout.
export default [
  layout("routes/layout.tsx", [
    index("routes/home.tsx"),
    route("business/new", "routes/business-new.tsx"),
    route("business/edit/:id", "routes/business-edit.tsx"),
    route("business/:id", "routes/business.tsx"),
    route("business/:id/reviews", "routes/business-reviews.tsx"),
    route("search", "routes/search.tsx"),
    route("auth", "routes/auth.tsx"),
    route("auth/forgot-password", "routes/auth-forgot-password.tsx"),
    route("auth/callback", "routes/auth-callback.tsx"),
    route("auth/reset-password", "routes/auth-reset-password.tsx"),
    route("auth/sign-out", "routes/auth-sign-out.tsx"),
    route("account/settings", "routes/account-settings.tsx"),
    route("blog", "routes/blog.tsx"),
    route("terms", "routes/terms.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("about", "routes/about.tsx"),
    route("press", "routes/press.tsx"),
    route("events", "routes/events.tsx"),
    route("portal", "routes/portal.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("admin", "routes/admin.tsx"),
    route("admin/reviews", "routes/admin-reviews.tsx"),
    route("contact", "routes/contact.tsx"),
    route("categories/restaurants", "routes/categories-restaurants.tsx"),
    route("categories/shopping", "routes/categories-shopping.tsx"),
    route("categories/services", "routes/categories-services.tsx"),
    route("categories/entertainment", "routes/categories-entertainment.tsx"),
    // Only answers when TEST_HOOKS=true: lets the end-to-end tests see the 500 screen.
    route("__test/error", "routes/test-error.tsx"),
    route("__test/slow", "routes/test-slow.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
