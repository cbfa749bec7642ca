/** The notifications region's list: shared by the Radix viewport (toast.tsx) and its stand-in (deferred-toaster.tsx). */
export const TOAST_VIEWPORT_CLASS =
  "fixed right-0 bottom-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-[420px] sm:p-6";
