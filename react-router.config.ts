import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // NEAR_BUILD_DIR lets parallel test runs keep separate builds.
  buildDirectory: process.env.NEAR_BUILD_DIR ?? "build",
} satisfies Config;
