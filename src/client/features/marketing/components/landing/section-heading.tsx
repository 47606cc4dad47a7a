export const CONTAINER = 'mx-auto max-w-7xl px-4 sm:px-6';

export function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {lead && <p className="mt-2 text-slate-700">{lead}</p>}
    </div>
  );
}
