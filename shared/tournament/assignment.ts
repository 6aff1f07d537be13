/**
 * The cheapest assignment of rows to columns of a square cost matrix (the Hungarian method, O(n³)): which
 * player takes which seat of a table. Exact, so the seating's balance does not depend on the order in which
 * the players are listed.
 */
export function cheapestAssignment(cost: readonly (readonly number[])[]): number[] {
  const n = cost.length;
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  // p[column] = the row assigned to it (1-based; 0: none), way[column] = the column before it on the path.
  const p = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  for (let row = 1; row <= n; row++) {
    p[0] = row;
    let column = 0;
    const least = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[column] = true;
      const r = p[column];
      let delta = Number.POSITIVE_INFINITY;
      let next = 0;
      for (let c = 1; c <= n; c++) {
        if (used[c]) continue;
        const reduced = cost[r - 1][c - 1] - u[r] - v[c];
        if (reduced < least[c]) {
          least[c] = reduced;
          way[c] = column;
        }
        if (least[c] < delta) {
          delta = least[c];
          next = c;
        }
      }
      for (let c = 0; c <= n; c++) {
        if (used[c]) {
          u[p[c]] += delta;
          v[c] -= delta;
        } else least[c] -= delta;
      }
      column = next;
    } while (p[column] !== 0);
    do {
      const before = way[column];
      p[column] = p[before];
      column = before;
    } while (column !== 0);
  }
  const columnOfRow = new Array<number>(n).fill(-1);
  for (let c = 1; c <= n; c++) if (p[c] !== 0) columnOfRow[p[c] - 1] = c - 1;
  return columnOfRow;
}
