// One answer that is the same for everyone, kept in process for a listing version and a few seconds (issue 33):
// every member's page asks for the footer's links and the live figures, which visitors' kept pages carry for as
// long. Concurrent asks share one read; a failed read is not kept.
export class KeptAnswer<T> {
  private kept: { version: number; at: number; answer: Promise<T> } | null = null;

  constructor(private readonly ttlMs: number) {}

  get(version: number, now: number, read: () => Promise<T>): Promise<T> {
    const kept = this.kept;
    if (kept && kept.version === version && now >= kept.at && now - kept.at < this.ttlMs) return kept.answer;
    const answer = read();
    this.kept = { version, at: now, answer };
    answer.catch(() => {
      if (this.kept?.answer === answer) this.kept = null;
    });
    return answer;
  }
}
