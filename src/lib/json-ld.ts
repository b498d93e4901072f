/**
 * Structured data as the text of a `<script type="application/ld+json">`. The page's head writes
 * it raw, so a title holding `</script>` or `<!--` would end or break the script: every `<`, `>`
 * and `&` is written as a JSON escape, which reads back as the same value.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
