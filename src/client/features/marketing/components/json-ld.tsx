/** Structured data for search engines. A JSON data block, never executed, so the CSP does not apply. */
export function JsonLd({ data }: { data: object }) {
  // '<' escaped so the text can never close the element early if it is ever rendered on the server.
  return <script type="application/ld+json">{JSON.stringify(data).replace(/</g, '\\u003c')}</script>;
}
