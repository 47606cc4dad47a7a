// Reading a V8 CPU profile (.cpuprofile) for `npm run bench` with BENCH_CPU_PROF: where the samples fell, by
// function and by area (our source files, each package, Node's own code, V8's garbage collector), so a run
// prints its hot spots without opening DevTools.

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  name: string;
  percent: number;
}

/** Where a script lives: our file (src/…), a package (its name), Node's own code, or V8's bookkeeping. */
export function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const own = url.match(/\/(src|dist\/server|dist\/ssr)\/(.*)$/);
  return own ? `${own[1]}/${own[2]}` : url.replace(/^file:\/\//, '');
}

/** Self time by function and by area, as shares of the samples that were not idle, the largest first. */
export function summariseProfile(profile: CpuProfile, top = 12): { functions: Share[]; areas: Share[] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    busy += 1;
    const area = areaOf(frame.url, frame.functionName);
    const name = `${frame.functionName || '(anonymous)'} ${area}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + 1);
    areas.set(area, (areas.get(area) ?? 0) + 1);
  }
  const shares = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, n]) => ({ name, percent: busy ? (n / busy) * 100 : 0 }));
  return { functions: shares(functions), areas: shares(areas) };
}
