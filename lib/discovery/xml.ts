/** Text and attribute values for hand-written XML: the five predefined entities, and no control characters. */
export function xmlEscape(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** CDATA that cannot be closed early by its content. */
export function cdata(value: string): string {
  return `<![CDATA[${value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}
