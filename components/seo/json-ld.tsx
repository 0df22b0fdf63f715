import type { Thing, WithContext } from "schema-dts";

/** JSON-LD as an inline script; "<" is escaped so no feed text can close the script. */
export function JsonLd({ data }: { data: WithContext<Thing> | readonly WithContext<Thing>[] }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
