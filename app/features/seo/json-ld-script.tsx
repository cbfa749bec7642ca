/**
 * JSON safe inside a <script> element: "<", ">" and "&" become \u escapes
 * (so a business called "</script><script>…" cannot close the element or
 * open a comment), as do U+2028 and U+2029. JSON.parse reads it unchanged.
 */
export function serializeJsonLd(data: unknown) {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * schema.org structured data for search engines. Not executed (a data block),
 * so the Content-Security-Policy needs no nonce for it.
 */
export function JsonLd({ data }: { data: object | readonly object[] }) {
  const items = Array.isArray(data) ? data : [data];
  return (
    <>
      {items.map((item, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(item) }} />
      ))}
    </>
  );
}
