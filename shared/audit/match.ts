/** Partial match (docs/protocol.md): listed keys must match; arrays match element by element; else equal. */
export function partialMatch(expected: unknown, actual: unknown, path = ''): string | null {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path || 'value'}: expected an array, got ${JSON.stringify(actual)}`;
    if (expected.length !== actual.length) {
      return `${path || 'value'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
    }
    for (let i = 0; i < expected.length; i++) {
      const d = partialMatch(expected[i], actual[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object')
      return `${path || 'value'}: expected an object, got ${JSON.stringify(actual)}`;
    for (const [k, v] of Object.entries(expected)) {
      const d = partialMatch(v, (actual as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
    return null;
  }
  return expected === actual
    ? null
    : `${path || 'value'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}
