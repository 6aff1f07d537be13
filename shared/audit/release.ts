/**
 * Which release of the server wrote a log: the room's first commit (its `create` command) names it. Logs
 * written before releases were recorded name none.
 */
export function releaseOf(commits: readonly { seq: number; command?: unknown }[]): string | null {
  const first = commits.find((c) => c.seq === 1)?.command as
    | { type?: unknown; release?: unknown }
    | undefined;
  return first?.type === 'create' && typeof first.release === 'string' ? first.release : null;
}

/**
 * Said beside a determinism failure when the log was written by another release than the one auditing it:
 * the rules a command is decided with are the auditor's, so such a log is audited with its own release.
 */
export function releaseNote(written: string | null, auditor: string): string | null {
  if (written === auditor) return null;
  if (written === null)
    return `the log names no release (written before releases were recorded); this is release ${auditor}`;
  return `the log was written by release ${written} and this is release ${auditor}: audit it with release ${written}`;
}
