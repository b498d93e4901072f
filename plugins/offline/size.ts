/**
 * What a saved answer cost, for "Save all guides"' size. Resource Timing's transfer size is the
 * bytes on the wire; WebKit gives the worker's own fetches none (Safari included), so the sum
 * there was "0 KB". Then the answer's Content-Length (its compressed size, as sent), or else the
 * size of its body.
 */
export function savedBytes(
  response: Response,
): (transferSize: number | undefined) => Promise<number> {
  // Cloned now, before the cache takes the body.
  const length = Number(response.headers.get('Content-Length'));
  const body = length > 0 ? undefined : response.clone();
  return async (transferSize) => {
    if (transferSize) return transferSize;
    return body ? (await body.blob()).size : length;
  };
}
