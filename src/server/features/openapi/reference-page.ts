// GET /api/docs: the OpenAPI document as one readable page, drawn on the server. No script (the CSP allows only
// our own), one inline stylesheet (style-src allows it).
import { escapeHtml } from '../../mail/mailer';
import type { OpenApiDocument, OpenApiOperation } from './document';

type Json = Record<string, unknown>;

const REF = '#/components/schemas/';

function anchor(name: string): string {
  return `schema-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function constraints(schema: Json): string {
  const notes: string[] = [];
  const pairs: Array<[string, string]> = [
    ['format', ''],
    ['minimum', '≥ '],
    ['exclusiveMinimum', '> '],
    ['maximum', '≤ '],
    ['exclusiveMaximum', '< '],
    ['minLength', 'min length '],
    ['maxLength', 'max length '],
    ['minItems', 'min items '],
    ['maxItems', 'max items '],
    ['pattern', 'pattern '],
  ];
  for (const [key, label] of pairs) if (schema[key] !== undefined) notes.push(`${label}${schema[key]}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.length ? ` <span class="note">(${escapeHtml(notes.join(', '))})</span>` : '';
}

/** A schema as a short, type-like reading: objects become field lists, named schemas links. */
export function renderSchema(schema: Json, depth = 0): string {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.startsWith(REF) ? schema.$ref.slice(REF.length) : schema.$ref;
    return `<a href="#${anchor(name)}">${escapeHtml(name)}</a>`;
  }
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return union.map((s) => renderSchema(s, depth)).join(' | ');
  if (schema.allOf) return (schema.allOf as Json[]).map((s) => renderSchema(s, depth)).join(' &amp; ');
  if (Array.isArray(schema.enum))
    return `<code>${schema.enum.map((v) => escapeHtml(JSON.stringify(v))).join(' | ')}</code>`;
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  const type = schema.type;
  if (type === 'array') {
    const items = (schema.items ?? {}) as Json;
    return `array of ${renderSchema(items, depth)}${constraints(schema)}`;
  }
  if (type === 'object' || schema.properties) {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const names = Object.keys(properties);
    if (names.length === 0) {
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object') return `object of ${renderSchema(extra as Json, depth)}`;
      return extra === false ? 'empty object' : 'object';
    }
    if (depth > 6) return 'object';
    const rows = names.map((name) => {
      const field = properties[name];
      const description =
        typeof field.description === 'string'
          ? ` <span class="desc">${escapeHtml(field.description)}</span>`
          : '';
      return `<li><code>${escapeHtml(name)}</code>${required.has(name) ? '' : '<span class="opt">?</span>'}: ${renderSchema(field, depth + 1)}${description}</li>`;
    });
    return `object<ul class="fields">${rows.join('')}</ul>`;
  }
  const types = Array.isArray(type) ? type.join(' | ') : typeof type === 'string' ? type : 'any';
  return `${escapeHtml(types)}${constraints(schema)}`;
}

function renderOperation(path: string, method: string, op: OpenApiOperation): string {
  const id = escapeHtml(op.operationId);
  const parts: string[] = [
    `<section class="op" id="${id}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
  ];
  if (op.summary) parts.push(`<p>${escapeHtml(op.summary)}</p>`);
  if (op.description) parts.push(`<p class="desc">${escapeHtml(op.description)}</p>`);
  if (op.parameters?.length) {
    const rows = op.parameters.map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td>${renderSchema(p.schema)}${p.description ? ` <span class="desc">${escapeHtml(p.description)}</span>` : ''}</td></tr>`,
    );
    parts.push(
      `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    );
  }
  if (op.requestBody) {
    const [type, media] = Object.entries(op.requestBody.content)[0];
    parts.push(
      `<h4>Body <span class="note">${escapeHtml(type)}${op.requestBody.required ? '' : ', optional'}</span></h4><div class="schema">${renderSchema(media.schema)}</div>`,
    );
  }
  const rows = Object.entries(op.responses).map(([status, response]) => {
    const content = response.content as Record<string, { schema: Json }> | undefined;
    const body = content ? `<div class="schema">${renderSchema(Object.values(content)[0].schema)}</div>` : '';
    const description =
      typeof response.$ref === 'string' ? 'Error body (see below)' : String(response.description ?? '');
    return `<dt>${escapeHtml(status)}</dt><dd>${escapeHtml(description)}${body}</dd>`;
  });
  parts.push(`<h4>Responses</h4><dl>${rows.join('')}</dl></section>`);
  return parts.join('');
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:64rem;padding:1rem 1.5rem;color:#1f2933}
h1{margin-bottom:.25rem}h2{border-bottom:2px solid #d9e2ec;padding-top:1rem}
h3{font-size:1rem;margin:0 0 .25rem}h4{margin:.75rem 0 .25rem;font-size:.9rem}
.op{border:1px solid #d9e2ec;border-radius:6px;padding:.75rem 1rem;margin:.75rem 0}
.method{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem}
.get{background:#2f6fb0}.post{background:#2f855a}.put{background:#b7791f}.patch{background:#805ad5}.delete{background:#c53030}
code{font-family:ui-monospace,monospace;font-size:.9em}.note,.desc{color:#52606d;font-size:.85em}.opt{color:#b7791f}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #d9e2ec;padding:.25rem .5rem;text-align:left;vertical-align:top}
ul.fields{margin:.1rem 0 .1rem 1rem;padding-left:.75rem;border-left:1px solid #d9e2ec;list-style:none}
dt{font-weight:600}dd{margin:0 0 .5rem 1rem}nav ul{columns:2}
`;

export function renderReferencePage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      if (!byTag.has(tag)) {
        byTag.set(tag, []);
        toc.set(tag, []);
      }
      byTag.get(tag)?.push(renderOperation(path, method, op));
      toc
        .get(tag)
        ?.push(
          `<li><a href="#${escapeHtml(op.operationId)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
        );
    }
  }
  const sections = [...byTag].map(
    ([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('')}`,
  );
  const nav = [...toc].map(
    ([tag, items]) => `<li><strong>${escapeHtml(tag)}</strong><ul>${items.join('')}</ul></li>`,
  );
  const schemas = Object.entries(doc.components.schemas).map(
    ([name, schema]) =>
      `<section class="op" id="${anchor(name)}"><h3>${escapeHtml(name)}</h3><div class="schema">${renderSchema(schema)}</div></section>`,
  );
  const error = doc.components.responses.Error as {
    description: string;
    content: Record<string, { schema: Json }>;
  };
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(doc.info.title)}</h1>
<p>Version ${escapeHtml(doc.info.version)}, OpenAPI ${escapeHtml(doc.openapi)}. ${escapeHtml(doc.info.description)}
The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav aria-label="Operations"><ul>${nav.join('')}</ul></nav>
${sections.join('\n')}
<h2 id="errors">Errors</h2><section class="op"><p>${escapeHtml(error.description)}</p><div class="schema">${renderSchema(error.content['application/json'].schema)}</div></section>
<h2 id="schemas">Schemas</h2>${schemas.join('\n')}
</main></body></html>`;
}
